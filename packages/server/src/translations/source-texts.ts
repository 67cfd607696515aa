import { and, asc, eq } from 'drizzle-orm';
import { collections, items, variants, websites, type DbOrTx } from '../db/index.js';
import { readCourseSourceTexts } from './course-texts.js';
import { readDonationSourceTexts } from './donation-texts.js';
import { readFormSourceTexts } from './form-texts.js';
import {
  BLOCK_TEXT_FIELDS,
  blockSubjectId,
  HEADER_FOOTER_FIELDS,
  navigationSubjectId,
  optionNameField,
  optionValueField,
  SLUG_FIELD,
  type SourceText,
  type SubjectType,
} from './subjects.js';
import { SYSTEM_TEXT_FIELD, SYSTEM_TEXTS } from './system-texts.js';

type Settings = Record<string, unknown>;

function stringAt(value: unknown, path: string): string {
  let at: unknown = value;
  for (const part of path.split('.')) at = at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined;
  return typeof at === 'string' ? at : '';
}

/** Collects texts, skipping empty ones: an empty source has nothing to translate. */
class SourceList {
  readonly list: SourceText[] = [];
  add(subjectType: SubjectType, subjectId: string, field: string, label: string, text: string): void {
    if (text.trim()) this.list.push({ subjectType, subjectId, field, label, text });
  }
}

function navigationTexts(out: SourceList, navigation: unknown): void {
  if (!navigation || typeof navigation !== 'object') return;
  const walk = (name: string, entries: unknown) => {
    if (!Array.isArray(entries)) return;
    for (const entry of entries as { collectionId?: unknown; externalLink?: unknown; title?: unknown; items?: unknown }[]) {
      if (!entry || typeof entry !== 'object') continue;
      const target = typeof entry.collectionId === 'string' ? entry.collectionId : typeof entry.externalLink === 'string' ? entry.externalLink : '';
      if (target && typeof entry.title === 'string')
        out.add('navigation', navigationSubjectId(name, target), 'title', `Navigation › ${entry.title}`, entry.title);
      walk(name, entry.items);
    }
  };
  for (const [name, value] of Object.entries(navigation as Record<string, unknown>)) walk(name, (value as { items?: unknown } | null)?.items);
}

function blockTexts(out: SourceList, collectionId: string, pageTitle: string, blocks: unknown): void {
  if (!Array.isArray(blocks)) return;
  blocks.forEach((block, index) => {
    if (!block || typeof block !== 'object') return;
    const kind = String((block as { typeName?: unknown }).typeName ?? 'block');
    for (const field of BLOCK_TEXT_FIELDS) {
      const value = (block as Record<string, unknown>)[field];
      if (typeof value === 'string') out.add('block', blockSubjectId(collectionId, index), field, `${pageTitle} › block ${index + 1} (${kind})`, value);
    }
  });
}

/**
 * Every text of a site that can be translated, as it is now: the site's title and
 * description, its pages (titles, navigation titles, descriptions, slugs, SEO fields and their
 * blocks' texts), navigation entries with their own titles, header and footer texts, items
 * (titles, excerpts, bodies, slugs), each product's option values, forms' labels and messages,
 * courses' chapter titles and lesson texts, the donation settings' title, description and
 * thank-you message, and the storefront's system texts. In the order the dashboard lists them.
 */
export async function readSourceTexts(db: DbOrTx, websiteId: string): Promise<SourceText[]> {
  const out = new SourceList();
  const [site] = await db
    .select({ title: websites.title, description: websites.description, settings: websites.settings })
    .from(websites)
    .where(eq(websites.id, websiteId))
    .limit(1);
  if (!site) return [];
  const settings = (site.settings ?? {}) as Settings;
  out.add('site', 'site', 'title', 'Site', site.title);
  out.add('site', 'site', 'description', 'Site', site.description ?? '');
  for (const [id, fields] of Object.entries(HEADER_FOOTER_FIELDS)) {
    const part = (settings.headerFooter as Settings | undefined)?.[id];
    for (const field of fields) out.add('header-footer', id, field, id === 'header' ? 'Header' : 'Footer', stringAt(part, field));
  }
  navigationTexts(out, settings.navigation);
  const pages = await db.select().from(collections).where(eq(collections.websiteId, websiteId)).orderBy(asc(collections.displayIndex), asc(collections.title));
  const pageTitles = new Map(pages.map((p) => [p.id, p.title]));
  for (const page of pages) {
    out.add('collection', page.id, 'title', page.title, page.title);
    out.add('collection', page.id, 'navigationTitle', page.title, page.navigationTitle);
    out.add('collection', page.id, 'description', page.title, page.description);
    if (!page.isHomepage) out.add('collection', page.id, SLUG_FIELD, page.title, page.urlId);
    out.add('collection', page.id, 'seoTitle', page.title, stringAt(page.settings, 'seoData.seoTitle'));
    out.add('collection', page.id, 'seoDescription', page.title, stringAt(page.settings, 'seoData.seoDescription'));
    blockTexts(out, page.id, page.title, page.settings.blocks);
  }
  const rows = await db
    .select({ id: items.id, collectionId: items.collectionId, title: items.title, excerpt: items.excerpt, body: items.body, urlId: items.urlId })
    .from(items)
    .where(eq(items.websiteId, websiteId))
    .orderBy(asc(items.collectionId), asc(items.displayIndex), asc(items.title));
  const itemTitles = new Map(rows.map((r) => [r.id, `${pageTitles.get(r.collectionId) ?? ''} › ${r.title}`]));
  for (const row of rows) {
    const label = itemTitles.get(row.id)!;
    out.add('item', row.id, 'title', label, row.title);
    out.add('item', row.id, 'excerpt', label, row.excerpt);
    out.add('item', row.id, 'body', label, row.body);
    out.add('item', row.id, SLUG_FIELD, label, row.urlId);
  }
  const variantRows = await db
    .select({ id: variants.id, productId: variants.productId, attributes: variants.attributes })
    .from(variants)
    .where(and(eq(variants.websiteId, websiteId)))
    .orderBy(asc(variants.productId), asc(variants.displayIndex));
  const seen = new Set<string>();
  for (const variant of variantRows) {
    const label = `${itemTitles.get(variant.productId) ?? 'Product'} › options`;
    for (const [name, value] of Object.entries(variant.attributes ?? {})) {
      if (typeof value !== 'string') continue;
      const nameField = optionNameField(name);
      if (!seen.has(`${variant.productId}\u0000${nameField}`)) {
        seen.add(`${variant.productId}\u0000${nameField}`);
        out.add('product-option', variant.productId, nameField, label, name);
      }
      const field = optionValueField(name, value);
      if (seen.has(`${variant.productId}\u0000${field}`)) continue;
      seen.add(`${variant.productId}\u0000${field}`);
      out.add('product-option', variant.productId, field, label, value);
    }
  }
  out.list.push(...(await readFormSourceTexts(db, websiteId)));
  out.list.push(...(await readCourseSourceTexts(db, websiteId)));
  out.list.push(...(await readDonationSourceTexts(db, websiteId)));
  for (const text of SYSTEM_TEXTS) out.add('system', text.id, SYSTEM_TEXT_FIELD, `System text › ${text.where}`, text.en);
  return out.list;
}
