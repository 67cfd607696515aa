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

  it('#24 renders an enabled button: a click before hydration is held by the early-action capture and sent once hydrated', () => {
    const html = renderIsland('RestockSignup', { productId: 'p', variantId: 'v' });
    expect(html).toContain('<button type="submit">Sign Up</button>');
  });
});
