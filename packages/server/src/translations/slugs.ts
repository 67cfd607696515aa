import { and, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { collections, items, type DbOrTx } from '../db/index.js';
import { pathInLanguage, type SiteLanguages } from '../multilingual/index.js';
import { translations } from './table.js';
import { SLUG_FIELD } from './subjects.js';

const SLUG = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,199}$/;

/** True when `text` can be a URL slug (the page router's segment rule). */
export function isSlug(text: string): boolean {
  return SLUG.test(text);
}

/** A translated slug with the primary slugs of what it names: a page (`itemUrlId` null) or an item of the page. */
export interface SlugRow {
  readonly language: string;
  readonly collectionUrlId: string;
  readonly itemUrlId: string | null;
  readonly slug: string;
}

const itemCollections = alias(collections, 'item_collections');

/** Every translated slug of the site, in every language, with the slugs they translate as they are now. */
export async function readSlugRows(db: DbOrTx, websiteId: string): Promise<SlugRow[]> {
  const rows = await db
    .select({
      language: translations.language,
      slug: translations.text,
      pageUrlId: collections.urlId,
      itemUrlId: items.urlId,
      itemPageUrlId: itemCollections.urlId,
    })
    .from(translations)
    .leftJoin(
      collections,
      and(eq(translations.subjectType, 'collection'), eq(collections.websiteId, translations.websiteId), eq(collections.id, translations.subjectId)),
    )
    .leftJoin(items, and(eq(translations.subjectType, 'item'), eq(items.websiteId, translations.websiteId), eq(items.id, translations.subjectId)))
    .leftJoin(itemCollections, and(eq(itemCollections.websiteId, items.websiteId), eq(itemCollections.id, items.collectionId)))
    .where(
      and(
        eq(translations.websiteId, websiteId),
        eq(translations.field, SLUG_FIELD),
        or(eq(translations.subjectType, 'collection'), eq(translations.subjectType, 'item')),
      ),
    );
  return rows.flatMap((r): SlugRow[] => {
    if (r.pageUrlId) return [{ language: r.language, collectionUrlId: r.pageUrlId, itemUrlId: null, slug: r.slug }];
    if (r.itemUrlId && r.itemPageUrlId) return [{ language: r.language, collectionUrlId: r.itemPageUrlId, itemUrlId: r.itemUrlId, slug: r.slug }];
    return [];
  });
}

interface LanguageSlugs {
  readonly pages: Map<string, string>;
  readonly items: Map<string, string>;
  readonly pagesBack: Map<string, string>;
  readonly itemsBack: Map<string, string>;
}

/** Paths of a site's pages in each of its languages, with translated slugs. */
export interface PathLocalizer {
  /** The path (with the language's prefix) of the page at `path` (a primary-language path without prefix) in the language of `prefix`. */
  pathIn(prefix: string, path: string): string;
  /** The primary-language path of `path` (without prefix) in the language of `prefix`: translated slugs read back; others are kept, so old slugs still resolve. */
  primaryPathOf(prefix: string, path: string): string;
}

function splitPath(path: string): { parts: string[]; trailing: boolean } {
  const trailing = path.length > 1 && path.endsWith('/');
  const body = trailing ? path.slice(1, -1) : path.slice(1);
  return { parts: body ? body.split('/') : [], trailing };
}

function joinPath(parts: readonly string[], trailing: boolean): string {
  return `/${parts.join('/')}${trailing && parts.length ? '/' : ''}`;
}

function translateParts(parts: string[], slugs: LanguageSlugs | undefined, back: boolean): string[] {
  if (!slugs || parts.length === 0 || parts.length > 2) return parts;
  const [first, second] = parts as [string, string | undefined];
  const page = (back ? slugs.pagesBack : slugs.pages).get(first) ?? first;
  if (second === undefined) return [page];
  const primaryPage = back ? page : first;
  const item = (back ? slugs.itemsBack.get(`${primaryPage}/${second}`) : slugs.items.get(`${first}/${second}`)) ?? second;
  return [page, item];
}

const EMPTY: readonly SlugRow[] = Object.freeze([]);

/** The path localizer of a site with `languages` and translated slugs `rows`. */
export function pathLocalizer(languages: SiteLanguages, rows: readonly SlugRow[] = EMPTY): PathLocalizer {
  const byPrefix = new Map<string, LanguageSlugs>();
  for (const language of languages.all) {
    if (language.primary) continue;
    const own = rows.filter((r) => r.language === language.code);
    const slugs: LanguageSlugs = { pages: new Map(), items: new Map(), pagesBack: new Map(), itemsBack: new Map() };
    for (const row of own) {
      if (row.itemUrlId === null) {
        slugs.pages.set(row.collectionUrlId, row.slug);
        slugs.pagesBack.set(row.slug, row.collectionUrlId);
      } else {
        slugs.items.set(`${row.collectionUrlId}/${row.itemUrlId}`, row.slug);
        slugs.itemsBack.set(`${row.collectionUrlId}/${row.slug}`, row.itemUrlId);
      }
    }
    byPrefix.set(language.prefix, slugs);
  }
  return {
    pathIn(prefix, path) {
      if (!prefix) return path;
      const { parts, trailing } = splitPath(path);
      return pathInLanguage(prefix, joinPath(translateParts(parts, byPrefix.get(prefix), false), trailing));
    },
    primaryPathOf(prefix, path) {
      if (!prefix) return path;
      const { parts, trailing } = splitPath(path);
      return joinPath(translateParts(parts, byPrefix.get(prefix), true), trailing);
    },
  };
}
