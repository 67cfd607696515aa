import { describe, expect, it } from 'vitest';
import { testCart, testLine } from '../api/test-cart.js';
import { renderIsland } from '../render-island.js';

const physical = testCart([testLine('e1', 2, 4500, { title: 'Linen shirt' })], {
  shippingOptions: [
    { id: 'std', name: 'Standard', costCents: 750 },
    { id: 'exp', name: 'Express', costCents: 2000 },
  ],
  selectedShippingOption: { id: 'std', name: 'Standard', costCents: 750 },
  shippingCostCents: 750,
  discountCents: 900,
  taxCents: 648,
  grandTotalCents: 9498,
  validCoupons: [{ code: 'TENOFF', kind: 'FIXED', amount: 900, discountCents: 900 }],
  invalidCoupons: [{ code: 'OLD', reason: 'This coupon has expired.' }],
});

describe('Checkout SSR', () => {
  it('renders email, shipping address, shipping options, coupons, gift card, test card and the summary', () => {
    const html = renderIsland('Checkout', { cart: physical });
    expect(html).toMatch(/<label for="([^"]+-email)">Email<\/label><input id="\1" required="" type="email"/);
    expect(html).toContain('<legend class="checkout-section__title">Shipping address</legend>');
    expect(html).toContain('Postal code');
    expect(html).toContain('value="US"');
    expect(html).toMatch(/type="radio" name="[^"]+" checked="" value="std"/);
    expect(html).toContain('<span class="checkout-shipping__cost">$20.00</span>');
    expect(html).toContain('TENOFF applied: −$9.00');
    expect(html).toContain('OLD: This coupon has expired.');
    expect(html).toContain('Gift card code');
    expect(html).toContain('placeholder="4242 4242 4242 4242"');
    expect(html).toContain('Test mode: use card 4242 4242 4242 4242');
    for (const [label, amount] of [
      ['Subtotal', '$90.00'],
      ['Discount', '−$9.00'],
      ['Shipping', '$7.50'],
      ['Tax', '$6.48'],
      ['Total', '$94.98'],
    ]) {
      expect(html).toContain(`<dt>${label}</dt><dd>${amount}</dd>`);
    }
    expect(html).toContain('Linen shirt');
    expect(html).toContain('>Place order</button>');
  });

  it('leaves out address and shipping for a digital cart and the test hint in live mode', () => {
    const html = renderIsland('Checkout', { cart: testCart([testLine('d', 1, 1600, { productType: 2 })]), testMode: false });
    expect(html).not.toContain('Shipping address');
    expect(html).not.toContain('<dt>Shipping</dt>');
    expect(html).not.toContain('Test mode');
    expect(html).toContain('<dt>Total</dt><dd>$16.00</dd>');
  });

  it("says 'You have nothing in your shopping cart.' for an empty cart", () => {
    const html = renderIsland('Checkout', { cart: testCart([]), shopUrl: '/shop' });
    expect(html).toContain('You have nothing in your shopping cart.');
    expect(html).not.toContain('Place order');
  });

  it('renders a busy placeholder when the page did not pass the cart', () => {
    const html = renderIsland('Checkout', { currency: 'USD', shopUrl: '/shop' });
    expect(html).toContain('<div class="checkout" aria-busy="true"><p class="checkout__loading">Loading your cart…</p></div>');
  });
});

describe('Checkout SSR for a subscription cart', () => {
  it('shows the plan, no coupons and no cart link; the cart stays the page cart', () => {
    const html = renderIsland('Checkout', {
      cart: physical,
      subscription: { cartToken: 'tok_0123456789abcdef', planText: '$32.00 every month for 6 months', cyclesText: '6 payments in all.' },
    });
    expect(html).toContain('Subscription: $32.00 every month for 6 months 6 payments in all.');
    expect(html).not.toContain('TENOFF applied');
    expect(html).not.toContain('Back to cart');
    expect(html).toContain('Back to the shop');
    expect(html).toContain('>Place order</button>');
  });
});

describe('Checkout SSR with Stripe connected', () => {
  const stripe = { publishableKey: 'pk_test_123', accountCountry: 'US', testMode: true };

  it("replaces the test card field with the Payment Element's box, a loading line and the payment status region", () => {
    const html = renderIsland('Checkout', { cart: physical, stripe });
    expect(html).not.toContain('Card number');
    expect(html).not.toContain('Test mode: use card');
    expect(html).toContain('<div class="checkout-stripe__element"></div>');
    expect(html).toContain('Loading the payment form…');
    expect(html).toMatch(/<div id="[^"]+-payment-status" class="checkout-stripe__status" role="status"><\/div>/);
    expect(html).toContain('Gift card code');
    expect(html).toMatch(/<button type="submit" class="button button--primary button--large checkout__place">Place order<\/button>/);
  });

  it("shows the 'Test mode' badge for test keys only", () => {
    expect(renderIsland('Checkout', { cart: physical, stripe })).toContain('<span class="tag checkout-payment__badge">Test mode</span>');
    expect(renderIsland('Checkout', { cart: physical, stripe: { ...stripe, testMode: false } })).not.toContain('Test mode');
  });

  it('asks for no payment details when nothing is due', () => {
    const free = testCart([testLine('d', 1, 0, { productType: 2 })], { grandTotalCents: 0 });
    const html = renderIsland('Checkout', { cart: free, stripe });
    expect(html).not.toContain('checkout-stripe');
    expect(html).not.toContain('Card number');
  });
});
