import { describe, expect, it } from 'vitest';
import { renderIsland } from '../render-island.js';

const PROPS = {
  orderId: 'o1',
  token: 'tok_0123456789abcdef',
  confirmationUrl: '/checkout/order-confirmed/o1',
  statusUrl: '/checkout/order-status/o1?token=tok_0123456789abcdef',
};

function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('OrderReceived SSR', () => {
  it('says the payment is being confirmed while it is pending, in a live region', () => {
    const html = renderIsland('OrderReceived', { ...PROPS, paymentStatus: 'pending' });
    expect(html).toContain('<div class="order-received__payment" data-phase="waiting" role="status">');
    expect(textOf(html)).toContain('We are confirming your payment…');
  });

  it("says a failed payment did not go through, with the provider's words, that the cart is saved and a link back to checkout", () => {
    const html = renderIsland('OrderReceived', { ...PROPS, paymentStatus: 'failed', message: 'Your card was declined.' });
    const text = textOf(html);
    expect(text).toContain('Your payment did not go through.');
    expect(text).toContain('Your card was declined.');
    expect(text).toContain('Your cart is saved');
    expect(html).toContain('<a class="button button--primary" href="/checkout">Back to checkout</a>');
  });

  it('links to the confirmation of a payment already paid', () => {
    const html = renderIsland('OrderReceived', { ...PROPS, paymentStatus: 'paid' });
    expect(html).toContain('<a href="/checkout/order-confirmed/o1">View your order confirmation</a>');
  });

  it('links to the order status of a payment refunded or disputed meanwhile', () => {
    const html = renderIsland('OrderReceived', { ...PROPS, paymentStatus: 'disputed' });
    expect(html).toContain('href="/checkout/order-status/o1?token=tok_0123456789abcdef"');
  });
});
