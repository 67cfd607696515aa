import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import type { PagesTestApp } from '../../test-support/pages-test-app.js';
import { createTranslatedDemo, DEMO_HOST, saveTranslation, type TranslationEntry } from '../../test-support/translations-test-kit.js';
import { toCsv } from '../csv/index.js';
import { items, type Db } from '../db/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { PagePaths } from '../site-pages/routes.js';
import { exchangeId } from './exchange.js';
import { XLIFF_NAMESPACE } from './exchange-xliff.js';
import { TranslationPaths as P, sourceHash, translations } from './index.js';

/** Rich text a translator wrote, with a script and a handler slipped in. */
const DIRTY = '<p>Autumn <strong>linen</strong></p><script>frAlert(1)</script><img src="/x.png" onerror="steal()">';
/** What the rich-text allowlist leaves of {@link DIRTY}. */
const CLEAN = '<p>Autumn <strong>linen</strong></p><img src="/x.png" />';
/** Traces of {@link DIRTY} that must not reach a page. */
const TRACES = ['frAlert(', 'steal(', 'onerror'];
/** A raw HTML block's source, which the admin (code permission) wrote. */
const RAW_SOURCE = '<div id="widget"></div><script>startWidget()</script>';

function expectNoTrace(html: string): void {
  for (const trace of TRACES) expect(html, trace).not.toContain(trace);
}

const pagePath = (id: string) => PagePaths.PAGE.replace(':id', id);

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An XLIFF 1.2 file of French translations (no source texts: made from today's). */
function xliffOf(units: { subjectType: string; subjectId: string; field: string; translation: string }[]): string {
  const body = units.map((u) => `<trans-unit id="${xml(exchangeId(u))}"><target>${xml(u.translation)}</target></trans-unit>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><xliff version="1.2" xmlns="${XLIFF_NAMESPACE}"><file original="demo" source-language="en-US" target-language="fr" datatype="plaintext"><body>${body}</body></file></xliff>`;
}

/** A CSV file of French translations (no source column: made from today's). */
function csvOf(units: { subjectType: string; subjectId: string; field: string; translation: string }[]): string {
  return toCsv(
    ['language', 'subject_type', 'subject_id', 'field', 'translation'],
    units.map((u) => ['fr', u.subjectType, u.subjectId, u.field, u.translation]),
  );
}

/** Translations of owner HTML are cleaned like their sources: on save (the call, CSV and XLIFF imports) and again on render. */
describe('translations of owner HTML', () => {
  let t: PagesTestApp;
  let db: Db;
  let websiteId: string;
  let admin: OwnerClient;
  let editor: OwnerClient;

  beforeAll(async () => {
    const translated = await createTranslatedDemo('admin@translated-html.test');
    ({ t, db, owner: admin } = translated);
    websiteId = translated.demo.id;
    await makeOwner(db, websiteId, 'editor@translated-html.test', 'editor');
    editor = await signInOwner(t.app, DEMO_HOST, 'editor@translated-html.test');
  }, 120_000);
  afterAll(() => t?.close());

  const itemId = async (urlId: string) => {
    const [row] = await db
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.websiteId, websiteId), eq(items.urlId, urlId)));
    return row!.id;
  };

  /** A published page of `blocks`, saved by the admin (who may write raw HTML): its id and French path. */
  async function pageWith(title: string, blocks: unknown[]): Promise<{ id: string; french: string }> {
    const created = await admin.call('POST', PagePaths.PAGES, { kind: 'page', title });
    expect(created.statusCode, created.body).toBe(201);
    const saved = await admin.call('PATCH', pagePath(created.json().id), { version: created.json().version, enabled: true, blocks });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().blocks).toEqual(blocks);
    return { id: saved.json().id, french: `/fr${saved.json().fullUrl}` };
  }

  const frenchPage = async (path: string) => {
    const page = await t.get(DEMO_SHOP_IDENTIFIER, path);
    expect(page.statusCode, path).toBe(200);
    expect(page.body).toContain('<html lang="fr"');
    return page.body;
  };

  const entriesOf = async (subjectType: string): Promise<TranslationEntry[]> => {
    const entries: TranslationEntry[] = [];
    for (let page = 1; ; page += 1) {
      const list = await admin.call('GET', `${P.LIST}?language=fr&subjectType=${subjectType}&pageSize=200&page=${page}`);
      expect(list.statusCode, list.body).toBe(200);
      entries.push(...(list.json().entries as TranslationEntry[]));
      if (entries.length >= list.json().total) return entries;
    }
  };

  const entryOf = async (subjectType: string, subjectId: string, field: string): Promise<TranslationEntry> => {
    const entry = (await entriesOf(subjectType)).find((e) => e.subjectId === subjectId && e.field === field);
    expect(entry, `${subjectType} ${subjectId} ${field}`).toBeDefined();
    return entry!;
  };

  it('cleans an editor’s translations of a text block, a product description and a form message on save; the French page keeps the formatting only', async () => {
    const { id, french } = await pageWith('Autumn note', [{ typeName: 'html', html: '<p>Autumn <em>notes</em></p>' }]);
    const block = await saveTranslation(editor, 'fr', 'block', `${id}:0`, 'html', DIRTY);
    expect(block).toMatchObject({ translation: CLEAN, state: 'current' });
    const shirt = await itemId('linen-camp-shirt');
    const body = await saveTranslation(editor, 'fr', 'item', shirt, 'body', `<h3>Entretien</h3>${DIRTY}`);
    expect(body.translation).toBe(`<h3>Entretien</h3>${CLEAN}`);
    const message = (await entriesOf('form')).find((e) => e.field === 'submissionMessage');
    expect(message).toBeDefined();
    const saved = await saveTranslation(editor, 'fr', 'form', message!.subjectId, 'submissionMessage', `<p>Merci !</p>${DIRTY}`);
    expect(saved.translation).toBe(`<p>Merci !</p>${CLEAN}`);
    // A text field stays as written: the theme escapes it.
    const title = await saveTranslation(editor, 'fr', 'item', shirt, 'title', 'Chemise <lin> & co');
    expect(title.translation).toBe('Chemise <lin> & co');

    const page = await frenchPage(french);
    expectNoTrace(page);
    expect(page).toContain(CLEAN);
    const product = await frenchPage('/fr/shop/linen-camp-shirt');
    expectNoTrace(product);
    expect(product).toContain(`<h3>Entretien</h3>${CLEAN}`);
    expect(product).toContain('Chemise &lt;lin&gt; &amp; co');
    expect(product).not.toContain('<lin>');
  });

  it.each([
    ['csv', csvOf],
    ['xliff', xliffOf],
  ] as const)('cleans the owner HTML of a %s import like a save', async (format, fileOf) => {
    const { id, french } = await pageWith(`Imported ${format}`, [
      { typeName: 'html', html: '<p>Imported</p>' },
      { typeName: 'quote', text: 'Less' },
    ]);
    const mug = await itemId('stoneware-mug');
    const units = [
      { subjectType: 'block', subjectId: `${id}:0`, field: 'html', translation: `<p>${format}</p>${DIRTY}` },
      { subjectType: 'block', subjectId: `${id}:1`, field: 'text', translation: `Moins <b>${format}</b>` },
      { subjectType: 'item', subjectId: mug, field: 'excerpt', translation: `<p>Tasse ${format}</p>${DIRTY}` },
    ];
    const imported = await editor.call('POST', P.IMPORT, { language: 'fr', format, content: fileOf(units) });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ imported: 3, stale: 0, unchanged: 0, skipped: 0 });
    expect((await entryOf('block', `${id}:0`, 'html')).translation).toBe(`<p>${format}</p>${CLEAN}`);
    expect((await entryOf('block', `${id}:1`, 'text')).translation).toBe(`Moins <b>${format}</b>`);
    expect((await entryOf('item', mug, 'excerpt')).translation).toBe(`<p>Tasse ${format}</p>${CLEAN}`);

    const page = await frenchPage(french);
    expectNoTrace(page);
    expect(page).toContain(`<p>${format}</p>${CLEAN}`);
    expect(page).toContain(`Moins &lt;b&gt;${format}&lt;/b&gt;`);
    const product = await t.context(DEMO_SHOP_IDENTIFIER, '/fr/shop/stoneware-mug');
    expect(product.json.item.excerpt).toBe(`<p>Tasse ${format}</p>${CLEAN}`);

    // The same file again: what cleaning makes of it is what is stored, so nothing changes.
    const again = await editor.call('POST', P.IMPORT, { language: 'fr', format, content: fileOf(units) });
    expect(again.json()).toEqual({ imported: 0, stale: 0, unchanged: 3, skipped: 0 });
  });

  it('cleans a raw HTML block’s translation for a role without the code permission, as a page save cleans the block, and keeps it as written for one with it', async () => {
    const { id, french } = await pageWith('Widget', [{ typeName: 'html', html: RAW_SOURCE, raw: true }]);
    const english = await t.get(DEMO_SHOP_IDENTIFIER, french.slice(3));
    expect(english.body).toContain(RAW_SOURCE);

    const byEditor = await saveTranslation(editor, 'fr', 'block', `${id}:0`, 'html', `<p onclick="go()">Salut</p><script>editorWidget()</script>`);
    expect(byEditor.translation).toBe('<p>Salut</p>');
    const cleaned = await frenchPage(french);
    expect(cleaned).toContain('<p>Salut</p>');
    expect(cleaned).not.toContain('editorWidget(');
    expect(cleaned).not.toContain('onclick');
    const imported = await editor.call('POST', P.IMPORT, {
      language: 'fr',
      format: 'csv',
      content: csvOf([{ subjectType: 'block', subjectId: `${id}:0`, field: 'html', translation: '<p>Importé</p><script>importedWidget()</script>' }]),
    });
    expect(imported.json()).toMatchObject({ imported: 1 });
    expect((await entryOf('block', `${id}:0`, 'html')).translation).toBe('<p>Importé</p>');

    const raw = '<div id="widget-fr"></div><script>startWidget("fr")</script>';
    expect((await saveTranslation(admin, 'fr', 'block', `${id}:0`, 'html', raw)).translation).toBe(raw);
    expect(await frenchPage(french)).toContain(raw);
    // An editor saving it again unchanged keeps it, as a page save keeps an unchanged raw block; a change is cleaned.
    expect((await saveTranslation(editor, 'fr', 'block', `${id}:0`, 'html', raw)).translation).toBe(raw);
    expect(await frenchPage(french)).toContain(raw);
    expect((await saveTranslation(editor, 'fr', 'block', `${id}:0`, 'html', `${raw}<b>!</b>`)).translation).toBe('<div></div><b>!</b>');
  });

  it('cleans a translation that cleans to nothing away: the page shows the source there', async () => {
    const { id, french } = await pageWith('Only a script', [{ typeName: 'html', html: '<p>Source kept</p>' }]);
    const res = await editor.call('PUT', P.LIST, {
      language: 'fr',
      subjectType: 'block',
      subjectId: `${id}:0`,
      field: 'html',
      text: '<script>frAlert(1)</script>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ translation: null, state: 'missing' });
    const page = await frenchPage(french);
    expect(page).toContain('<p>Source kept</p>');
    expectNoTrace(page);
  });

  it('cleans translations stored without the cleaning on save (written to the table directly) when the page shows them', async () => {
    const { id, french } = await pageWith('Stored before', [{ typeName: 'html', html: '<p>Before</p>' }]);
    const apron = await itemId('everyday-apron');
    const [post] = await db
      .select({ id: items.id, urlId: items.urlId })
      .from(items)
      .where(and(eq(items.websiteId, websiteId), eq(items.urlId, 'why-we-wash-our-linen-twice')));
    await db.insert(translations).values([
      {
        websiteId,
        language: 'fr',
        subjectType: 'block',
        subjectId: `${id}:0`,
        field: 'html',
        text: `<p>Avant</p>${DIRTY}`,
        sourceHash: sourceHash('<p>Before</p>'),
      },
      { websiteId, language: 'fr', subjectType: 'item', subjectId: apron, field: 'body', text: `<p>Tablier</p>${DIRTY}`, sourceHash: 'old' },
      { websiteId, language: 'fr', subjectType: 'item', subjectId: post!.id, field: 'excerpt', text: `<p>Lin</p>${DIRTY}`, sourceHash: 'old' },
    ]);

    const page = await frenchPage(french);
    expectNoTrace(page);
    expect(page).toContain(`<p>Avant</p>${CLEAN}`);
    const product = await frenchPage('/fr/shop/everyday-apron');
    expectNoTrace(product);
    expect(product).toContain(`<p>Tablier</p>${CLEAN}`);
    const journal = await frenchPage('/fr/journal');
    expectNoTrace(journal);
    expect(journal).toContain(`<p>Lin</p>${CLEAN}`);
    const context = await t.context(DEMO_SHOP_IDENTIFIER, '/fr/shop/everyday-apron');
    expectNoTrace(JSON.stringify(context.json));
  });
});
