import { describe, expect, it } from 'vitest';
import {
  CARD_DECLINED_MESSAGE,
  CARD_NUMBER_INVALID_MESSAGE,
  REFUND_EXCEEDS_PAYMENT_MESSAGE,
  TEST_CARD_ONLY_MESSAGE,
  TestPaymentProvider,
  cardDigits,
} from './index.js';

const amount = { value: 1234, currency: 'USD' };

describe('TestPaymentProvider', () => {
  it('approves 4242 4242 4242 4242, then captures once', async () => {
    const provider = new TestPaymentProvider();
    const result = await provider.authorize({ amount, details: { cardNumber: '4242 4242 4242 4242' }, orderId: 'o1' });
    expect(result).toMatchObject({ ok: true, summary: { provider: 'test', cardLast4: '4242' } });
    if (!result.ok) return;
    expect(provider.authorizations.get(result.authorizationId)).toMatchObject({ state: 'authorized', amount: 1234, orderId: 'o1' });
    await provider.capture(result.authorizationId);
    expect(provider.authorizations.get(result.authorizationId)?.state).toBe('captured');
    await expect(provider.capture(result.authorizationId)).rejects.toThrow();
    await provider.void(result.authorizationId);
    expect(provider.authorizations.get(result.authorizationId)?.state).toBe('captured');
  });

  it('voids an authorization', async () => {
    const provider = new TestPaymentProvider();
    const result = await provider.authorize({ amount, details: { cardNumber: '4242-4242-4242-4242' }, orderId: 'o2' });
    if (!result.ok) throw new Error('expected approval');
    await provider.void(result.authorizationId);
    expect(provider.authorizations.get(result.authorizationId)?.state).toBe('voided');
  });

  it.each([
    ['4000 0000 0000 0002', CARD_DECLINED_MESSAGE],
    ['5555 5555 5555 4444', TEST_CARD_ONLY_MESSAGE],
    ['1234', CARD_NUMBER_INVALID_MESSAGE],
    [undefined, CARD_NUMBER_INVALID_MESSAGE],
    [4242424242424242, CARD_NUMBER_INVALID_MESSAGE],
  ])('refuses %j: %s', async (cardNumber, message) => {
    const result = await new TestPaymentProvider().authorize({ amount, details: { cardNumber }, orderId: 'o' });
    expect(result).toEqual({ ok: false, message });
  });

  it('reads card digits', () => {
    expect(cardDigits(' 4242 4242-4242 4242 ')).toBe('4242424242424242');
    expect(cardDigits('4242 abcd')).toBeNull();
  });

  it('keeps a method for later when asked; a kept 4242 renews once per key, a kept 0341 is declined', async () => {
    const provider = new TestPaymentProvider();
    const good = await provider.authorize({ amount, details: { cardNumber: '4242424242424242' }, orderId: 'o', saveForLater: true });
    const later = await provider.authorize({ amount, details: { cardNumber: '4000 0000 0000 0341' }, orderId: 'o', saveForLater: true });
    if (!good.ok || !later.ok || !good.savedMethod || !later.savedMethod) throw new Error('expected kept methods');
    expect(good.savedMethod).toMatchObject({ provider: 'test', methodRef: 'testpm_4242', summary: { last4: '4242' } });
    const first = await provider.chargeSaved({ method: good.savedMethod, amount, idempotencyKey: 'renewal-1', orderId: 'r1' });
    const again = await provider.chargeSaved({ method: good.savedMethod, amount, idempotencyKey: 'renewal-1', orderId: 'r1' });
    expect(first).toMatchObject({ ok: true });
    expect(again).toEqual(first);
    expect(provider.calls.chargeSaved).toBe(1);
    expect(await provider.chargeSaved({ method: later.savedMethod, amount, idempotencyKey: 'renewal-2', orderId: 'r2' })).toEqual({
      ok: false,
      message: CARD_DECLINED_MESSAGE,
    });
  });

  it('refunds at most what was captured, once per key', async () => {
    const provider = new TestPaymentProvider();
    const auth = await provider.authorize({ amount, details: { cardNumber: '4242424242424242' }, orderId: 'o' });
    if (!auth.ok) throw new Error('expected approval');
    expect(await provider.refund({ paymentRef: auth.authorizationId, amount: { value: 1, currency: 'USD' }, idempotencyKey: 'a' })).toMatchObject({
      ok: false,
    });
    await provider.capture(auth.authorizationId);
    const part = await provider.refund({ paymentRef: auth.authorizationId, amount: { value: 1000, currency: 'USD' }, idempotencyKey: 'a' });
    expect(part).toMatchObject({ ok: true, refundId: expect.stringMatching(/^testre_/) });
    expect(await provider.refund({ paymentRef: auth.authorizationId, amount: { value: 1000, currency: 'USD' }, idempotencyKey: 'a' })).toEqual(part);
    expect(await provider.refund({ paymentRef: auth.authorizationId, amount: { value: 235, currency: 'USD' }, idempotencyKey: 'b' })).toEqual({
      ok: false,
      message: REFUND_EXCEEDS_PAYMENT_MESSAGE,
    });
    expect(await provider.refund({ paymentRef: auth.authorizationId, amount: { value: 234, currency: 'USD' }, idempotencyKey: 'c' })).toMatchObject({
      ok: true,
    });
  });
});
