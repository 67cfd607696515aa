import { describe, expect, it } from 'vitest';
import { testCart, testLine } from '../api/test-cart.js';
import { renderIsland } from '../render-island.js';

const shirt = testLine('e1', 2, 8800, {
  title: 'Linen Camp Shirt',
  assetUrl: '/img/shirt.jpg',
  fullUrl: '/shop/linen-camp-shirt',
  chosenVariant: {
    sku: 'S',
    attributes: { Size: 'M', Colour: 'Oat' },
    optionValues: [
      { optionName: 'Colour', value: 'Oat' },
      { optionName: 'Size', value: 'M' },
    ],
  },
});

describe('CartPage SSR', () => {
  it('renders each line with image, linked title, variant, price, quantity stepper, remove and total', () => {
    const html = renderIsland('CartPage', { cart: testCart([shirt]) });
    expect(html).toContain('<img class="cart-page-line__image" src="/img/shirt.jpg" alt="" width="96" height="96"/>');
    expect(html).toContain('<a href="/shop/linen-camp-shirt">Linen Camp Shirt</a>');
    expect(html).toContain('Colour: Oat, Size: M');
    expect(html).toContain('<p class="cart-page-line__price">$88.00</p>');
    expect(html).toMatch(
      /<label for="([^"]+)" class="visually-hidden">Quantity of Linen Camp Shirt<\/label>.*<input id="\1" type="number"[^>]*min="1" max="9999" step="1" value="2"/,
    );
    expect(html).toContain('aria-label="Decrease quantity of Linen Camp Shirt"');
    expect(html).toContain('aria-label="Increase quantity of Linen Camp Shirt"');
    expect(html).toContain('Remove<span class="visually-hidden"> Linen Camp Shirt</span>');
    expect(html).toContain('<p class="cart-page-line__total">$176.00</p>');
    expect(html).toContain('<dd class="cart-page__subtotal">$176.00</dd>');
    expect(html).toContain('<a class="button button--primary button--large cart-page__checkout" href="/checkout">Checkout</a>');
  });

  it('gives an uploaded product image its srcset and the thumbnail sizes, and keeps an external image plain (spec 9 srcset widths)', () => {
    const media = '/api/media/s1/0123456789abcdef0123456789abcdef';
    const srcset = [100, 300, 500, 750].map((w) => `${media}-${w}.webp ${w}w`).join(', ');
    const uploaded = testLine('e9', 1, 4500, { title: 'Stoneware Mug', assetUrl: `${media}-750.jpg`, srcset });
    const html = renderIsland('CartPage', { cart: testCart([uploaded, shirt]) });
    expect(html).toContain(
      `<img class="cart-page-line__image" src="${media}-750.jpg" srcSet="${srcset}" sizes="(max-width: 480px) 72px, 96px" alt="" width="96" height="96"/>`,
    );
    expect(html).toContain('<img class="cart-page-line__image" src="/img/shirt.jpg" alt="" width="96" height="96"/>');
  });

  it('disables decrease at quantity 1', () => {
    const html = renderIsland('CartPage', { cart: testCart([testLine('e2', 1, 100)]) });
    expect(html).toMatch(/<button type="button" class="cart-page-line__step" aria-label="Decrease quantity of Product e2" disabled=""/);
  });

  it("shows 'You have nothing in your shopping cart.' for an empty or missing cart", () => {
    for (const cart of [testCart([]), null]) {
      const html = renderIsland('CartPage', { cart, shopUrl: '/shop' });
      expect(html).toContain('<p class="cart-page__empty">You have nothing in your shopping cart.</p>');
      expect(html).toContain('href="/shop"');
      expect(html).not.toContain('cart-page__checkout');
    }
  });

  it('renders a busy placeholder when the page did not pass the cart', () => {
    expect(renderIsland('CartPage', { shopUrl: '/shop' })).toContain(
      '<div class="cart-page" aria-busy="true"><p class="cart-page__loading">Loading your cart…</p></div>',
    );
  });

  it('shows the minimum-subtotal message and a disabled checkout button below the minimum', () => {
    const html = renderIsland('CartPage', { cart: testCart([testLine('e3', 1, 2000)]), minimumSubtotalCents: 5000 });
    expect(html).toMatch(/<p id="([^"]+)" class="cart-page__minimum" role="status">To check out, your order subtotal must be \$50\.00 or more\.<\/p>/);
    expect(html).toMatch(
      /<button type="button" class="button button--primary button--large cart-page__checkout" disabled="" aria-describedby="[^"]+">Checkout<\/button>/,
    );
  });

  it('shows pay later only when every item is physical and the subtotal is in range', () => {
    const instalments = { afterPayAvailable: true, afterPayMin: 100, afterPayMax: 200000 };
    const physical = renderIsland('CartPage', { cart: testCart([shirt]), instalments, locale: 'en_US' });
    expect(physical).toContain('data-pay-later-eligible="true"');
    expect(physical).toContain('or 4 interest-free payments of $44.00 with Afterpay');
    const mixed = renderIsland('CartPage', { cart: testCart([shirt, testLine('d', 1, 1600, { productType: 2 })]), instalments, locale: 'en_US' });
    expect(mixed).toContain('data-pay-later-eligible="false"');
    expect(mixed).not.toContain('interest-free');
  });
});
