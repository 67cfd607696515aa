import { describe, expect, it } from 'vitest';
import { renderIsland } from '../render-island.js';

describe('CartPill SSR (spec sections 4 and 9)', () => {
  it('renders hidden and out of the tab order at 0 items', () => {
    const html = renderIsland('CartPill', { path: '/', seed: { totalQuantity: 0, subtotalCents: 0 } });
    expect(html).toContain('class="cart-pill"');
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('tabindex="-1"');
  });

  it('shows count, noun and trimmed subtotal above 0, linking to /cart', () => {
    const html = renderIsland('CartPill', { path: '/shop', seed: { totalQuantity: 2, subtotalCents: 4000 } });
    expect(html).toContain('href="/cart"');
    expect(html).toContain('cart-pill cart-pill--visible');
    expect(html).toContain('aria-label="2 items in cart"');
    expect(html).toMatch(/cart-pill__count">2<.*cart-pill__noun">items<.*cart-pill__subtotal">\$40</);
  });

  it('uses the singular and keeps a non-zero fraction', () => {
    const html = renderIsland('CartPill', { path: '/', seed: { totalQuantity: 1, subtotalCents: 1250 } });
    expect(html).toMatch(/cart-pill__noun">item<.*\$12\.50/);
  });

  it("caps the count at '100+' with the spoken text", () => {
    const html = renderIsland('CartPill', { path: '/', seed: { totalQuantity: 150, subtotalCents: 150000 } });
    expect(html).toContain('>100+<');
    expect(html).toContain('aria-label="More than 100 items in cart"');
  });

  it('is not mounted on /cart', () => {
    expect(renderIsland('CartPill', { path: '/cart', seed: { totalQuantity: 3, subtotalCents: 300 } })).toMatch(/"><\/div>$/);
  });

  it('formats in the store currency', () => {
    const html = renderIsland('CartPill', { path: '/', seed: { totalQuantity: 1, subtotalCents: 1200, currency: 'EUR' }, locale: 'de-DE' });
    expect(html.replace(/\u00a0/g, ' ')).toContain('12 €');
  });
});
