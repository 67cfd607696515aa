import { describe, expect, it } from 'vitest';
import { fetchQuickViewData } from './product-api.js';
import { fakeHttp, json } from './test-http.js';

const productForm = { itemId: 'i1', product: { productType: 1, variants: [] } };

describe('fetchQuickViewData', () => {
  it("reads the product form, title and image from the page's JSON context", async () => {
    const { ctx, requests } = fakeHttp(() =>
      json({ item: { title: 'Mug', assetUrl: '/m.svg', altText: 'A mug', fullUrl: '/shop/mug' }, render: { islands: { productForm } } }),
    );
    expect(await fetchQuickViewData(ctx, '/shop/mug')).toEqual({ title: 'Mug', imageUrl: '/m.svg', imageAlt: 'A mug', url: '/shop/mug', form: productForm });
    expect(requests[0].url).toBe('/shop/mug?format=json');
  });

  it('fails for a page without a product form', async () => {
    const { ctx } = fakeHttp(() => json({ item: { title: 'Post' }, render: { islands: {} } }));
    await expect(fetchQuickViewData(ctx, '/journal/post')).rejects.toThrow('No product form at /journal/post');
  });
});
