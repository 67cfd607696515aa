import { describe, expect, it } from 'vitest';
import { renderIsland } from '../render-island.js';

describe('RestockSignup SSR', () => {
  it('renders a labelled email field and no checkbox by default', () => {
    const html = renderIsland('RestockSignup', { productId: 'p', variantId: 'v' });
    expect(html).toMatch(/<label for="([^"]+-email)">Email Address<\/label><input id="\1" type="email"/);
    expect(html).not.toContain('type="checkbox"');
  });

  it('renders the mailing-list checkbox, checked when opted in by default', () => {
    const html = renderIsland('RestockSignup', { productId: 'p', variantId: 'v', mailingListSignUpEnabled: true, mailingListOptInByDefault: true });
    expect(html).toMatch(/type="checkbox" checked=""/);
  });

  it('keeps the button disabled until hydrated, so an early click cannot send a native GET with the email', () => {
    const html = renderIsland('RestockSignup', { productId: 'p', variantId: 'v' });
    expect(html).toMatch(/<button type="submit" disabled="">Sign Up<\/button>/);
  });
});
