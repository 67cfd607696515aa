import { describe, expect, it } from 'vitest';
import { addCartEntry } from './cart-api.js';
import { fakeHttp, json } from './test-http.js';

const body = { itemId: 'i1', sku: 'S1', quantity: 1, additionalFields: '{}' };

describe('addCartEntry', () => {
  it('sends the Idempotency-Key header it is given, beside the crumb', async () => {
    const { ctx, requests } = fakeHttp(() => json({ shoppingCart: { id: 'c' }, newlyAdded: {} }));
    await addCartEntry(ctx, body, 'key-1');
    const headers = requests[0]!.init.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe('key-1');
    expect(headers['X-CSRF-Token']).toBe('tok123');
  });

  it('sends no Idempotency-Key without one', async () => {
    const { ctx, requests } = fakeHttp(() => json({ shoppingCart: { id: 'c' }, newlyAdded: {} }));
    await addCartEntry(ctx, body);
    expect(requests[0]!.init.headers).not.toHaveProperty('Idempotency-Key');
  });
});
