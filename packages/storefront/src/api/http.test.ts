import { describe, expect, it } from 'vitest';
import { addCartEntry, fetchCart } from './cart-api.js';
import { fetchSubmissionKey } from './forms-api.js';
import { ApiError, requestJson } from './http.js';
import { fakeHttp, json } from './test-http.js';

describe('requestJson', () => {
  it('sends the crumb cookie as X-CSRF-Token with credentials', async () => {
    const { ctx, requests } = fakeHttp(() => json({ shoppingCart: { id: 'c' }, newlyAdded: {} }));
    await addCartEntry(ctx, { itemId: 'i1', sku: 'S1', quantity: 2, additionalFields: '{}' });
    const [req] = requests;
    expect(req.url).toBe('/api/commerce/shopping-cart/entries');
    expect(req.init.method).toBe('POST');
    expect(req.init.credentials).toBe('include');
    expect((req.init.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok123');
    expect(JSON.parse(req.init.body as string)).toEqual({ itemId: 'i1', sku: 'S1', quantity: 2, additionalFields: '{}' });
  });

  it('omits the header without a crumb cookie and encodes the query', async () => {
    const { ctx, requests } = fakeHttp(() => json({ id: 'c' }), '');
    await fetchCart(ctx, { calculateSubtotal: true });
    expect(requests[0].url).toBe('/api/commerce/shopping-cart?calculateSubtotal=true');
    expect(requests[0].init.headers).not.toHaveProperty('X-CSRF-Token');
  });

  it('raises ApiError with the server message, status and crumb flag', async () => {
    const { ctx } = fakeHttp(() => json({ message: 'Bad crumb', crumbFail: true }, 403));
    const err = await requestJson(ctx, '/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 403, message: 'Bad crumb', crumbFailed: true });
  });

  it('turns network failures into status 0', async () => {
    const { ctx } = fakeHttp(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(requestJson(ctx, '/x')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  });

  it('posts an empty body for the submission key and requires a key back', async () => {
    const ok = fakeHttp(() => json({ key: 'K1' }));
    expect(await fetchSubmissionKey(ok.ctx)).toBe('K1');
    expect(ok.requests[0].init.body).toBeUndefined();
    const bad = fakeHttp(() => json({}));
    await expect(fetchSubmissionKey(bad.ctx)).rejects.toThrow('No submission key');
  });
});
