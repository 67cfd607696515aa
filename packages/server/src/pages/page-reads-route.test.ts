import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, variants } from '../db/index.js';
import { PageReads } from '../site-data/index.js';
import { crumbForHost } from '../../test-support/test-app.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { PAGE_CACHE_HEADER } from './page-cache/index.js';

// Pages the page cache cannot serve (a significant cookie) render from rows kept per page
// version (decision 0037); every write a page shows moves that version, so it shows at once.
const PRODUCT = '/shop/linen-camp-shirt';
const reads = new PageReads();
let t: PagesTestApp;
let crumb = '';
beforeAll(async () => {
  t = await createPagesTestApp({ pageReads: reads });
  crumb = await crumbForHost(t.app, 'demo.localhost');
});
afterAll(async () => {
  await t?.close();
});

const uncached = (path: string) => t.get('demo', path, { cookie: `crumb=${crumb}; ss_unlock_nothing=1` });

async function shirt() {
  const res = await uncached(`${PRODUCT}?format=json`);
  const itemId = res.json().item.id as string;
  const [variant] = await t.testDb.db.select().from(variants).where(eq(variants.productId, itemId));
  return { itemId, variant: variant! };
}

describe('uncached pages read through the page-version cache', () => {
  it('keeps the rows of a rendered page and renders the same page from them', async () => {
    const first = await uncached(PRODUCT);
    const kept = reads.size;
    const second = await uncached(PRODUCT);
    expect(first.headers[PAGE_CACHE_HEADER]).toBe('bypass');
    expect(kept).toBeGreaterThan(0);
    expect(reads.size).toBe(kept);
    expect(second.body).toBe(first.body);
  });

  it('shows a price change, a stock change and an item edit on the next uncached request', async () => {
    const { itemId, variant } = await shirt();
    await t.testDb.db
      .update(variants)
      .set({ priceCents: variant.priceCents + 777, qtyInStock: 1 })
      .where(eq(variants.id, variant.id));
    const repriced = JSON.stringify((await uncached(`${PRODUCT}?format=json`)).json().item);
    expect(repriced).toContain(String(variant.priceCents + 777));
    await t.testDb.db
      .update(items)
      .set({ title: 'Linen Camp Shirt, Rewashed' })
      .where(and(eq(items.id, itemId)));
    expect((await uncached(PRODUCT)).body).toContain('Linen Camp Shirt, Rewashed');
    await t.testDb.db.update(variants).set({ priceCents: variant.priceCents, qtyInStock: variant.qtyInStock }).where(eq(variants.id, variant.id));
    await t.testDb.db.update(items).set({ title: 'Linen Camp Shirt' }).where(eq(items.id, itemId));
    expect((await uncached(PRODUCT)).body).not.toContain('Rewashed');
  });
});
