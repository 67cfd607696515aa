import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProductFixture, createSiteFixture } from '../../../test-support/fixtures.js';
import { createTestDb, type TestDb } from '../../../test-support/test-db.js';
import { translations } from '../../translations/index.js';
import { applyMigrations } from '../migrate.js';
import { collections } from '../schema.js';

const DIRTY = '<p onclick="steal()">Tasse</p><script src="/api/commerce/downloads/TOKEN"></script><a href="javascript:alert(1)">x</a>';
const CLEAN = '<p>Tasse</p><a>x</a>';

describe('migration 0223: translations of owner HTML stored before they were cleaned on save', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  it('cleans translated bodies, descriptions, form messages and block HTML (raw blocks too), removes what cleans to nothing and leaves text fields alone', async () => {
    const site = await createSiteFixture(t.db, 'html0223');
    const product = await createProductFixture(t.db, site.id);
    const [page] = await t.db
      .insert(collections)
      .values({
        websiteId: site.id,
        type: 10,
        urlId: 'about',
        title: 'About',
        settings: {
          blocks: [
            { typeName: 'html', html: '<p>Hi</p>' },
            { typeName: 'html', html: '<script>go()</script>', raw: true },
          ],
        },
      })
      .returning({ id: collections.id });
    const row = (subjectType: string, subjectId: string, field: string, text: string) => ({
      websiteId: site.id,
      language: 'fr',
      subjectType,
      subjectId,
      field,
      text,
      sourceHash: 'made-from',
    });
    await t.db.insert(translations).values([
      row('item', product.itemId, 'body', DIRTY),
      row('item', product.itemId, 'excerpt', `<style>*{}</style>${CLEAN}`),
      row('item', product.itemId, 'title', 'Tasse <grès> & co'),
      row('collection', page!.id, 'description', DIRTY),
      row('collection', page!.id, 'title', '<b>À propos</b>'),
      row('form', 'form-1', 'submissionMessage', DIRTY),
      row('form', 'form-1', 'field:f1:description', '<i>Votre nom</i>'),
      row('course', 'lesson-1', 'block:0:html', DIRTY),
      row('block', `${page!.id}:0`, 'html', DIRTY),
      row('block', `${page!.id}:1`, 'html', '<script>fr()</script>'),
      row('block', `${page!.id}:2`, 'text', '<b>Moins</b>'),
      // More than a batch of them.
      ...Array.from({ length: 450 }, (_, i) => row('item', `other-${String(i).padStart(3, '0')}`, 'excerpt', `${DIRTY}${i}`)),
    ]);
    const [before] = await t.db.select({ updatedAt: translations.updatedAt }).from(translations).where(eq(translations.field, 'body'));

    await t.db.execute(sql`DELETE FROM schema_migrations WHERE version = '0223'`);
    const report = await applyMigrations(t.db);

    expect(report.applied).toEqual(['0223']);
    const stored = await t.db
      .select({
        subjectType: translations.subjectType,
        subjectId: translations.subjectId,
        field: translations.field,
        text: translations.text,
        sourceHash: translations.sourceHash,
      })
      .from(translations)
      .where(eq(translations.websiteId, site.id));
    const others = stored.filter((r) => r.subjectId.startsWith('other-'));
    expect(others).toHaveLength(450);
    expect(others.every((r) => r.text === `${CLEAN}${r.subjectId.slice('other-'.length).replace(/^0+(?=\d)/, '')}`)).toBe(true);
    const own = stored.filter((r) => !r.subjectId.startsWith('other-'));
    const textOf = (subjectType: string, field: string) => own.filter((r) => r.subjectType === subjectType && r.field === field).map((r) => r.text);
    expect(textOf('item', 'body')).toEqual([CLEAN]);
    expect(textOf('item', 'excerpt')).toEqual([CLEAN]);
    expect(textOf('item', 'title')).toEqual(['Tasse <grès> & co']);
    expect(textOf('collection', 'description')).toEqual([CLEAN]);
    expect(textOf('collection', 'title')).toEqual(['<b>À propos</b>']);
    expect(textOf('form', 'submissionMessage')).toEqual([CLEAN]);
    expect(textOf('form', 'field:f1:description')).toEqual(['<i>Votre nom</i>']);
    expect(textOf('course', 'block:0:html')).toEqual([CLEAN]);
    // The raw block's translation had nothing left once cleaned: removed, so the page shows the block's own HTML.
    expect(textOf('block', 'html')).toEqual([CLEAN]);
    expect(textOf('block', 'text')).toEqual(['<b>Moins</b>']);
    expect(stored.every((r) => r.sourceHash === 'made-from')).toBe(true);
    const [after] = await t.db.select({ updatedAt: translations.updatedAt }).from(translations).where(eq(translations.field, 'body'));
    expect(after!.updatedAt).toEqual(before!.updatedAt);
    expect((await applyMigrations(t.db)).applied).toEqual([]);
  });
});
