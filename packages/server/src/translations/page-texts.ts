import { readThrough, type ReadSource } from '../site-data/index.js';
import { readTranslations } from './repository.js';
import { BLOCK_TEXT_FIELDS, blockSubjectId, HEADER_FOOTER_FIELDS, navigationSubjectId, textKey } from './subjects.js';
import { blockFieldKind, fieldKind, shownTranslation } from './translated-html.js';

/** One language's translated texts of a site, by {@link textKey}. */
export type TextTranslations = ReadonlyMap<string, string>;

const maps = new WeakMap<object, TextTranslations>();

/**
 * The site's translations into `language`, read once per page version through `source` (the
 * page's reader) and kept as a map. The text shown is the translation as stored, stale or
 * not: a source change only flags it in the dashboard until the owner updates it. Translations
 * of owner HTML (item bodies and excerpts, page descriptions, form messages, lesson blocks) are
 * cleaned again like their sources are on render; page blocks' by {@link translatedPage}, which
 * knows the block.
 */
export async function readPageTexts(source: ReadSource, websiteId: string, language: string): Promise<TextTranslations> {
  const rows = await readThrough(source, `translations:${language}`, (db) =>
    readTranslations(db, websiteId, language).then((list) =>
      list.map(
        (r) =>
          [
            textKey(r.subjectType, r.subjectId, r.field),
            r.subjectType === 'block' ? r.text : shownTranslation(fieldKind(r.subjectType, r.field), r.text),
          ] as const,
      ),
    ),
  );
  let map = maps.get(rows);
  if (!map) {
    map = new Map(rows);
    maps.set(rows, map);
  }
  return map;
}

type Rec = Record<string, unknown>;

function isRecord(value: unknown): value is Rec {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** `target` with the translations of `fields` of one subject, each as `shown` gives it (a copy when one applies; `target` itself otherwise). */
function withFields<T extends Rec>(
  target: T,
  texts: TextTranslations,
  subjectType: string,
  subjectId: string,
  fields: readonly string[],
  shown?: (field: string, text: string) => string,
): T {
  let out: T | undefined;
  for (const field of fields) {
    const text = texts.get(textKey(subjectType, subjectId, field));
    if (text === undefined || typeof target[field] !== 'string') continue;
    out ??= { ...target };
    (out as Rec)[field] = shown ? shown(field, text) : text;
  }
  return out ?? target;
}

/**
 * A page row (a collection) with its translated title, navigation title, description, SEO
 * fields and blocks' texts. A block's translated HTML shows as the block shows its own: a raw
 * block's as written (its translation needs the code permission, as the block does), any
 * other cleaned by the rich-text allowlist.
 */
export function translatedPage<T extends { id: string; settings: Rec }>(row: T, texts: TextTranslations): T {
  if (texts.size === 0) return row;
  const page = withFields(row as T & Rec, texts, 'collection', row.id, ['title', 'navigationTitle', 'description']);
  let settings = row.settings;
  const seo = isRecord(settings.seoData) ? settings.seoData : undefined;
  if (seo) {
    const translatedSeo = withFields(seo, texts, 'collection', row.id, ['seoTitle', 'seoDescription']);
    if (translatedSeo !== seo) settings = { ...settings, seoData: translatedSeo };
  }
  if (Array.isArray(settings.blocks)) {
    const blocks = settings.blocks as unknown[];
    const translatedBlocks = blocks.map((block, i) =>
      isRecord(block)
        ? withFields(block, texts, 'block', blockSubjectId(row.id, i), BLOCK_TEXT_FIELDS, (field, text) => shownTranslation(blockFieldKind(block, field), text))
        : block,
    );
    if (translatedBlocks.some((b, i) => b !== blocks[i])) settings = { ...settings, blocks: translatedBlocks };
  }
  return settings === row.settings ? page : { ...page, settings };
}

function translatedNavigation(navigation: unknown, texts: TextTranslations): unknown {
  if (!isRecord(navigation)) return navigation;
  const entries = (name: string, list: unknown): unknown =>
    Array.isArray(list)
      ? list.map((entry) => {
          if (!isRecord(entry)) return entry;
          const target = typeof entry.collectionId === 'string' ? entry.collectionId : typeof entry.externalLink === 'string' ? entry.externalLink : '';
          const own = target ? withFields(entry, texts, 'navigation', navigationSubjectId(name, target), ['title']) : entry;
          return Array.isArray(entry.items) ? { ...own, items: entries(name, entry.items) } : own;
        })
      : list;
  return Object.fromEntries(
    Object.entries(navigation).map(([name, value]) => [name, isRecord(value) ? { ...value, items: entries(name, value.items) } : value]),
  );
}

function translatedHeaderFooter(headerFooter: unknown, texts: TextTranslations): unknown {
  if (!isRecord(headerFooter)) return headerFooter;
  const out: Rec = { ...headerFooter };
  for (const [id, fields] of Object.entries(HEADER_FOOTER_FIELDS)) {
    const part = headerFooter[id];
    if (!isRecord(part)) continue;
    const own = withFields(
      part,
      texts,
      'header-footer',
      id,
      fields.filter((f) => !f.includes('.')),
    );
    const nested = fields.filter((f) => f.includes('.'));
    const byParent = new Map<string, string[]>();
    for (const path of nested) {
      const [parent, child] = path.split('.') as [string, string];
      byParent.set(parent, [...(byParent.get(parent) ?? []), child]);
    }
    const copy: Rec = { ...own };
    for (const [parent, children] of byParent) {
      const inner = own[parent];
      if (!isRecord(inner)) continue;
      const translated: Rec = { ...inner };
      for (const child of children) {
        const text = texts.get(textKey('header-footer', id, `${parent}.${child}`));
        if (text !== undefined && typeof inner[child] === 'string') translated[child] = text;
      }
      copy[parent] = translated;
    }
    out[id] = copy;
  }
  return out;
}

/** A site with its translated title, description, navigation entries' own titles, header and footer texts. */
export function translatedSite<T extends { title: string; description: string; settings: object }>(site: T, texts: TextTranslations): T {
  if (texts.size === 0) return site;
  const settings = site.settings as Rec;
  return {
    ...withFields(site as T & Rec, texts, 'site', 'site', ['title', 'description']),
    settings: { ...settings, navigation: translatedNavigation(settings.navigation, texts), headerFooter: translatedHeaderFooter(settings.headerFooter, texts) },
  };
}
