import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageCache } from '../pages/page-cache/index.js';
import { createProductFixture, createSiteFixture } from '../../test-support/fixtures.js';
import { availableDialects, createTestDb, type TestDb } from '../../test-support/test-db.js';
import { carts, variants } from './schema.js';
import { closeDatabase, openDatabase, pageVersionFenceOf, writeEpochOf } from './open.js';
import { PAGE_VERSION_LEASE_MS } from './page-version-fence.js';

/** Decision 0028: on PostgreSQL a write that changes a page version is acknowledged only after the page-version lease. */
describe.each(availableDialects())('page-version fence on %s', (dialect) => {
  let t: TestDb;
  let websiteId: string;
  let variantId: string;
  beforeAll(async () => {
    t = await createTestDb({ dialect });
    websiteId = (await createSiteFixture(t.db, 'fence')).id;
    variantId = (await createProductFixture(t.db, websiteId, { qtyInStock: 9 })).variantId;
  });
  afterAll(() => t.close());

  /** How long ago, on the fence's clock, the newest page-version change through the pool committed. */
  const sinceLastCommit = () => performance.now() - pageVersionFenceOf(t.db)!.lastCommittedAt;

  it('is installed on PostgreSQL only; PGlite counts writes with its epoch instead (decision 0010)', () => {
    if (dialect === 'pglite') {
      expect(pageVersionFenceOf(t.db)).toBeUndefined();
      expect(writeEpochOf(t.db)).toBeDefined();
    } else {
      expect(pageVersionFenceOf(t.db)).toBeDefined();
      expect(writeEpochOf(t.db)).toBeUndefined();
    }
  });

  describe.runIf(dialect === 'pg')('on PostgreSQL', () => {
    it('acknowledges a price change made by one statement only once the lease since its commit has run out', async () => {
      const before = performance.now();
      await t.db.update(variants).set({ priceCents: 1234 }).where(eq(variants.id, variantId));
      expect(pageVersionFenceOf(t.db)!.lastCommittedAt).toBeGreaterThan(before);
      expect(sinceLastCommit()).toBeGreaterThanOrEqual(PAGE_VERSION_LEASE_MS);
    });

    it('acknowledges a transaction that changed a page version only once the lease since its commit has run out', async () => {
      const before = performance.now();
      await t.db.transaction(async (tx) => {
        await tx.update(variants).set({ priceCents: 1300 }).where(eq(variants.id, variantId));
        await tx.update(variants).set({ qtyInStock: 8 }).where(eq(variants.id, variantId));
      });
      expect(pageVersionFenceOf(t.db)!.lastCommittedAt).toBeGreaterThan(before);
      expect(sinceLastCommit()).toBeGreaterThanOrEqual(PAGE_VERSION_LEASE_MS);
    });

    it("fences raw SQL through the pool's own query, with a promise or with a callback", async () => {
      const pool = (t.db as unknown as { $client: pg.Pool }).$client;
      let before = performance.now();
      await pool.query('UPDATE variants SET price_cents = price_cents + 1 WHERE id = $1', [variantId]);
      expect(pageVersionFenceOf(t.db)!.lastCommittedAt).toBeGreaterThan(before);
      expect(sinceLastCommit()).toBeGreaterThanOrEqual(PAGE_VERSION_LEASE_MS);
      before = performance.now();
      await new Promise<void>((resolve, reject) =>
        pool.query('UPDATE variants SET price_cents = price_cents - 1 WHERE id = $1', [variantId], (error) => (error ? reject(error) : resolve())),
      );
      expect(pageVersionFenceOf(t.db)!.lastCommittedAt).toBeGreaterThan(before);
      expect(sinceLastCommit()).toBeGreaterThanOrEqual(PAGE_VERSION_LEASE_MS);
    });

    it('lets writes no page shows (a cart) and reads go without waiting', async () => {
      const fence = pageVersionFenceOf(t.db)!;
      const last = fence.lastCommittedAt;
      const [cart] = await t.db.insert(carts).values({ websiteId }).returning();
      await t.db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cart!.id));
      await t.db.transaction(async (tx) => {
        await tx.delete(carts).where(eq(carts.id, cart!.id));
      });
      await t.db.select().from(variants).where(eq(variants.id, variantId));
      expect(fence.lastCommittedAt).toBe(last);
    });

    it('does not fence a change that was rolled back by an error', async () => {
      const fence = pageVersionFenceOf(t.db)!;
      const last = fence.lastCommittedAt;
      await expect(t.db.execute(sql`UPDATE variants SET qty_in_stock = -1 WHERE id = ${variantId}`)).rejects.toThrow();
      expect(fence.lastCommittedAt).toBe(last);
    });

    it('never lets a version read sent before a commit answer a request made after the write was acknowledged', async () => {
      const cache = new PageCache();
      const before = await cache.pageVersion(t.db, websiteId);
      const early = cache.pageVersion(t.db, websiteId);
      // One short statement: without the fence it would be acknowledged well inside the lease.
      const write = t.db.execute(sql`UPDATE variants SET price_cents = 1400 WHERE id = ${variantId}`);
      expect(await early).toBe(before);
      await write;
      const after = cache.pageVersion(t.db, websiteId);
      expect(after).toBeInstanceOf(Promise);
      expect(await after).toBeGreaterThan(before);
    });

    it('sends no notice to a session that did not ask for them (psql, other tools)', async () => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL, options: `-c search_path=${t.schemaName}` });
      const notices: string[] = [];
      client.on('notice', (notice) => notices.push(notice.message ?? ''));
      await client.connect();
      try {
        await client.query('UPDATE variants SET price_cents = price_cents WHERE id = $1', [variantId]);
      } finally {
        await client.end();
      }
      expect(notices).toEqual([]);
    });

    it('asks for notices in the connection string when it carries its own startup options', async () => {
      const url = new URL(process.env.DATABASE_URL!);
      url.searchParams.set('options', `-c search_path=${t.schemaName}`);
      const db = await openDatabase({ pool: new pg.Pool({ connectionString: url.toString(), max: 2 }), migrate: false });
      try {
        const fence = pageVersionFenceOf(db)!;
        const before = performance.now();
        await db.update(variants).set({ priceCents: 1500 }).where(eq(variants.id, variantId));
        expect(fence.lastCommittedAt).toBeGreaterThan(before);
      } finally {
        await (db as unknown as { $client: pg.Pool }).$client.end();
        await closeDatabase(db);
      }
    });
  });
});
