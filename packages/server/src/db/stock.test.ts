import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProductFixture, createSiteFixture } from '../../test-support/fixtures.js';
import { availableDialects, createTestDb, type TestDb } from '../../test-support/test-db.js';
import { variants } from './schema.js';
import { getStock, returnStock, takeStock } from './stock.js';

describe.each(availableDialects())('stock guard on %s', (dialect) => {
  let t: TestDb;
  let websiteId: string;
  beforeAll(async () => {
    t = await createTestDb({ dialect });
    websiteId = (await createSiteFixture(t.db, 'stock')).id;
  });
  afterAll(() => t.close());

  it('50 concurrent decrements of 1 on a stock of 20: exactly 20 succeed, stock ends at 0', async () => {
    const { variantId } = await createProductFixture(t.db, websiteId, { qtyInStock: 20 });
    const results = await Promise.all(Array.from({ length: 50 }, () => takeStock(t.db, websiteId, variantId, 1)));
    const succeeded = results.filter((r) => r !== null);
    expect(succeeded).toHaveLength(20);
    expect(results.filter((r) => r === null)).toHaveLength(30);
    expect(succeeded.every((r) => r!.qtyInStock >= 0)).toBe(true);
    expect(new Set(succeeded.map((r) => r!.qtyInStock)).size).toBe(20);
    expect(await getStock(t.db, websiteId, variantId)).toEqual({ unlimited: false, qtyInStock: 0 });
  });

  it('50 concurrent decrements of mixed sizes never go below zero and account for every unit', async () => {
    const { variantId } = await createProductFixture(t.db, websiteId, { qtyInStock: 37 });
    const sizes = Array.from({ length: 50 }, (_, i) => (i % 4) + 1);
    const results = await Promise.all(sizes.map((n) => takeStock(t.db, websiteId, variantId, n)));
    const taken = sizes.reduce((sum, n, i) => sum + (results[i] ? n : 0), 0);
    const left = (await getStock(t.db, websiteId, variantId))!.qtyInStock;
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left + taken).toBe(37);
    expect(left).toBeLessThan(4);
  });

  it('runs the concurrent decrements inside transactions too', async () => {
    const { variantId } = await createProductFixture(t.db, websiteId, { qtyInStock: 5 });
    const results = await Promise.all(Array.from({ length: 50 }, () => t.db.transaction((tx) => takeStock(tx, websiteId, variantId, 1))));
    expect(results.filter((r) => r !== null)).toHaveLength(5);
    expect((await getStock(t.db, websiteId, variantId))!.qtyInStock).toBe(0);
  });

  it('unlimited variants always succeed and keep their count', async () => {
    const { variantId } = await createProductFixture(t.db, websiteId, { qtyInStock: 0, unlimited: true });
    const results = await Promise.all(Array.from({ length: 10 }, () => takeStock(t.db, websiteId, variantId, 3)));
    expect(results.every((r) => r?.unlimited === true && r.qtyInStock === 0)).toBe(true);
  });

  it('returnStock puts units back; bad quantities are refused', async () => {
    const { variantId } = await createProductFixture(t.db, websiteId, { qtyInStock: 2 });
    expect(await takeStock(t.db, websiteId, variantId, 2)).toEqual({ unlimited: false, qtyInStock: 0 });
    expect(await returnStock(t.db, websiteId, variantId, 3)).toEqual({ unlimited: false, qtyInStock: 3 });
    await expect(takeStock(t.db, websiteId, variantId, 0)).rejects.toThrow(RangeError);
    await expect(takeStock(t.db, websiteId, variantId, 1.5)).rejects.toThrow(RangeError);
    await expect(returnStock(t.db, websiteId, variantId, -1)).rejects.toThrow(RangeError);
  });

  it('the CHECK constraint refuses a negative stock written directly', async () => {
    const { variantId } = await createProductFixture(t.db, websiteId, { qtyInStock: 1 });
    await expect(
      t.db
        .update(variants)
        .set({ qtyInStock: sql`${variants.qtyInStock} - 2` })
        .where(and(eq(variants.websiteId, websiteId), eq(variants.id, variantId))),
    ).rejects.toThrow();
    expect((await getStock(t.db, websiteId, variantId))!.qtyInStock).toBe(1);
  });

  it('another site cannot read or take the stock (answers null, stock unchanged)', async () => {
    const other = await createSiteFixture(t.db, 'other');
    const { variantId } = await createProductFixture(t.db, websiteId, { qtyInStock: 4 });
    expect(await getStock(t.db, other.id, variantId)).toBeNull();
    expect(await takeStock(t.db, other.id, variantId, 1)).toBeNull();
    expect(await returnStock(t.db, other.id, variantId, 1)).toBeNull();
    expect((await getStock(t.db, websiteId, variantId))!.qtyInStock).toBe(4);
  });
});
