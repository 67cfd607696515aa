import { describe, expect, it } from 'vitest';
import { CARD_DECLINED_MESSAGE, CARD_NUMBER_INVALID_MESSAGE, TEST_CARD_ONLY_MESSAGE, TestPaymentProvider, cardDigits } from './index.js';

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
});
