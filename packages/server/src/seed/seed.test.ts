import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test-support/test-db.js';
import { collections, comments, forms, items, productReviews, products, variants, websites } from '../db/index.js';
import { seedDemo } from './index.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

async function counts() {
  const n = async (table: typeof items | typeof collections | typeof variants | typeof forms | typeof websites) =>
    Number((await t.db.select({ n: count() }).from(table))[0]!.n);
  return { websites: await n(websites), collections: await n(collections), items: await n(items), variants: await n(variants), forms: await n(forms) };
}

describe('seedDemo', () => {
  it('creates the demo shop and the journal site once (idempotent)', async () => {
    expect(await seedDemo(t.db)).toEqual({ created: ['demo', 'journal'], skipped: [] });
    const first = await counts();
    expect(first.websites).toBe(2);
    expect(await seedDemo(t.db)).toEqual({ created: [], skipped: ['demo', 'journal'] });
    expect(await counts()).toEqual(first);
  });

  it('stocks a product of every kind the brief names', async () => {
    const [demo] = await t.db.select().from(websites).where(eq(websites.identifier, 'demo'));
    expect(demo!.settings).toMatchObject({ currency: 'USD', timeZone: 'America/New_York' });
    const rows = await t.db.select().from(products).where(eq(products.websiteId, demo!.id));
    const vars = await t.db.select().from(variants).where(eq(variants.websiteId, demo!.id));
    const of = (itemId: string) => vars.filter((v) => v.productId === itemId);
    expect(new Set(rows.map((p) => p.productType))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(rows.some((p) => p.isSubscribable && (p.subscriptionPlan as { numBillingCycles?: number })?.numBillingCycles === 6)).toBe(true);
    const twoOptions = rows.find((p) => p.variantOptionOrdering.length === 2)!;
    expect(of(twoOptions.itemId).some((v) => v.qtyInStock === 0)).toBe(true);
    expect(of(twoOptions.itemId).some((v) => v.qtyInStock > 0)).toBe(true);
    expect(rows.some((p) => of(p.itemId).every((v) => !v.unlimited && v.qtyInStock === 0))).toBe(true);
    expect(vars.some((v) => v.onSale && v.salePriceCents < v.priceCents)).toBe(true);
    expect(
      rows.some((p) => (p.merchandising as { scarcityEnabled?: boolean }).scarcityEnabled && of(p.itemId).length === 1 && of(p.itemId)[0]!.qtyInStock <= 5),
    ).toBe(true);
    const reviews = await t.db.select().from(productReviews).where(eq(productReviews.websiteId, demo!.id));
    expect(reviews.length).toBeGreaterThanOrEqual(3);
    expect(reviews.every((r) => r.status === 'approved')).toBe(true);
    const gift = rows.find((p) => p.productType === 4)!;
    expect(of(gift.itemId).map((v) => v.priceCents)).toEqual([2500, 5000, 10000]);
  });

  it('gives both sites a blog with 4+ posts, an event, a gallery, forms and navigation', async () => {
    for (const identifier of ['demo', 'journal']) {
      const [site] = await t.db.select().from(websites).where(eq(websites.identifier, identifier));
      const rows = await t.db.select().from(items).where(eq(items.websiteId, site!.id));
      const posts = rows.filter((r) => r.recordType === 1);
      expect(posts.length).toBeGreaterThanOrEqual(4);
      expect(posts.every((p) => p.authorName && p.tags.length && p.categories.length)).toBe(true);
      const approved = await t.db.select().from(comments).where(eq(comments.websiteId, site!.id));
      expect(approved.length).toBeGreaterThan(0);
      expect(approved.every((c) => c.status === 'approved' && posts.some((p) => p.id === c.itemId))).toBe(true);
      expect(posts.every((p) => p.structuredContent.commentsOpen === true)).toBe(true);
      expect(rows.filter((r) => r.recordType === 12).length).toBeGreaterThanOrEqual(1);
      expect(rows.filter((r) => r.recordType === 2).length).toBeGreaterThanOrEqual(4);
      const siteForms = await t.db.select().from(forms).where(eq(forms.websiteId, site!.id));
      expect(siteForms.map((f) => f.name)).toEqual(expect.arrayContaining(['Newsletter', 'Contact']));
      const contact = siteForms.find((f) => f.name === 'Contact')!;
      expect(new Set((contact.fields as { type: string }[]).map((f) => f.type)).size).toBeGreaterThanOrEqual(6);
      const nav = site!.settings.navigation as { mainNavigation: { items: unknown[] } };
      expect(nav.mainNavigation.items.length).toBeGreaterThanOrEqual(4);
      expect(site!.settings.headerFooter).toMatchObject({ footer: { newsletter: { formId: expect.any(String) } } });
    }
  });
});
