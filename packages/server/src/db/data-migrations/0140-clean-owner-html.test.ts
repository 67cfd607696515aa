import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProductFixture, createSiteFixture } from '../../../test-support/fixtures.js';
import { createTestDb, type TestDb } from '../../../test-support/test-db.js';
import { applyMigrations } from '../migrate.js';
import { collections, forms, items } from '../schema.js';

const DIRTY = '<p onclick="steal()">Mug</p><script src="/api/commerce/downloads/TOKEN"></script><a href="javascript:alert(1)">x</a>';
const CLEAN = '<p>Mug</p><a>x</a>';

describe('migration 0140: owner HTML stored before it was cleaned on save (#24)', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  it('cleans pre-existing item, collection, HTML block and form rows and leaves clean rows alone', async () => {
    const site = await createSiteFixture(t.db, 'html0140');
    const product = await createProductFixture(t.db, site.id);
    await t.db
      .update(items)
      .set({ body: DIRTY, excerpt: `<style>*{}</style>${CLEAN}` })
      .where(eq(items.id, product.itemId));
    const [page] = await t.db
      .insert(collections)
      .values({
        websiteId: site.id,
        type: 2,
        urlId: 'about',
        title: 'About',
        description: DIRTY,
        settings: {
          blocks: [
            { typeName: 'html', html: DIRTY },
            { typeName: 'quote', text: 'kept' },
          ],
        },
      })
      .returning({ id: collections.id });
    const [form] = await t.db
      .insert(forms)
      .values({ websiteId: site.id, submissionMessage: DIRTY, submissionHtml: '<iframe src="/x"></iframe>Thanks', disclaimerMessage: 'Plain & simple' })
      .returning({ id: forms.id });
    const [untouched] = await t.db.select({ updatedAt: items.updatedAt }).from(items).where(eq(items.id, product.itemId));

    await t.db.execute(sql`DELETE FROM schema_migrations WHERE version = '0140'`);
    const report = await applyMigrations(t.db);

    expect(report.applied).toEqual(['0140']);
    const [item] = await t.db.select().from(items).where(eq(items.id, product.itemId));
    expect(item).toMatchObject({ body: CLEAN, excerpt: CLEAN, updatedAt: untouched!.updatedAt });
    const [collection] = await t.db.select().from(collections).where(eq(collections.id, page!.id));
    expect(collection!.description).toBe(CLEAN);
    expect(collection!.settings.blocks).toEqual([
      { typeName: 'html', html: CLEAN },
      { typeName: 'quote', text: 'kept' },
    ]);
    const [messages] = await t.db.select().from(forms).where(eq(forms.id, form!.id));
    expect(messages).toMatchObject({ submissionMessage: CLEAN, submissionHtml: 'Thanks', disclaimerMessage: 'Plain & simple' });
    expect((await applyMigrations(t.db)).applied).toEqual([]);
  });
});
