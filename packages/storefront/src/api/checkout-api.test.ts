import { describe, expect, it } from 'vitest';
import { addCoupon, removeCoupon, updateShipping } from './cart-edit-api.js';
import { submitCheckout, submitSubscriptionCheckout, updateSubscriptionShipping } from './checkout-api.js';
import { fakeHttp, json } from './test-http.js';

describe('checkout and cart-edit calls', () => {
  it('posts the checkout with Idempotency-Key and the crumb', async () => {
    const { ctx, requests } = fakeHttp(() => json({ order: { id: 'o1' }, confirmationUrl: '/checkout/order-confirmed/o1' }));
    const body = {
      email: 'a@example.com',
      shippingAddress: null,
      shippingOptionId: null,
      couponCodes: [],
      giftCardCode: null,
      payment: { provider: 'test', cardNumber: '4242424242424242' },
    };
    const res = await submitCheckout(ctx, body, 'k-1');
    expect(res.confirmationUrl).toBe('/checkout/order-confirmed/o1');
    const headers = requests[0].init.headers as Record<string, string>;
    expect(requests[0].url).toBe('/api/commerce/checkout');
    expect(headers['Idempotency-Key']).toBe('k-1');
    expect(headers['X-CSRF-Token']).toBe('tok123');
    expect(JSON.parse(requests[0].init.body as string)).toEqual(body);
  });

  it('posts the subscription checkout with the cart token in the body', async () => {
    const { ctx, requests } = fakeHttp(() => json({ order: { id: 'o2' }, confirmationUrl: '/checkout/order-confirmed/o2' }));
    const body = {
      email: 'a@example.com',
      shippingAddress: null,
      shippingOptionId: null,
      couponCodes: [],
      giftCardCode: null,
      payment: { provider: 'test', cardNumber: '4242424242424242' },
    };
    await submitSubscriptionCheckout(ctx, body, 'tok_0123456789abcdef', 'k-2');
    expect(requests[0].url).toBe('/api/commerce/checkout/subscription');
    expect((requests[0].init.headers as Record<string, string>)['Idempotency-Key']).toBe('k-2');
    expect(JSON.parse(requests[0].init.body as string)).toEqual({ ...body, cartToken: 'tok_0123456789abcdef' });
  });

  it('sets the subscription cart shipping with its token', async () => {
    const { ctx, requests } = fakeHttp(() => json({ shoppingCart: { id: 's', entries: [], shippingCostCents: 750 } }));
    const cart = await updateSubscriptionShipping(ctx, 'tok_0123456789abcdef', { shippingOptionId: 'std' });
    expect(cart.shippingCostCents).toBe(750);
    expect([requests[0].init.method, requests[0].url]).toEqual(['PUT', '/api/commerce/checkout/subscription/shipping']);
    expect(JSON.parse(requests[0].init.body as string)).toEqual({ shippingOptionId: 'std', cartToken: 'tok_0123456789abcdef' });
  });

  it('applies and removes coupons and updates shipping', async () => {
    const { ctx, requests } = fakeHttp(() => json({ shoppingCart: { id: 'c', entries: [] } }));
    await addCoupon(ctx, 'TEN OFF');
    await removeCoupon(ctx, 'TEN OFF');
    await updateShipping(ctx, { shippingLocation: { country: 'US', region: 'NY', postalCode: '12534' } });
    expect(requests.map((r) => [r.init.method, r.url])).toEqual([
      ['POST', '/api/commerce/shopping-cart/coupons'],
      ['DELETE', '/api/commerce/shopping-cart/coupons/TEN%20OFF'],
      ['PUT', '/api/commerce/shopping-cart/shipping'],
    ]);
    expect(JSON.parse(requests[0].init.body as string)).toEqual({ code: 'TEN OFF' });
  });
});
