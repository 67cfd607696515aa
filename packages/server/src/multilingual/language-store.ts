import { and, eq, inArray, sql } from 'drizzle-orm';
import { collections, websites, type DbOrTx } from '../db/index.js';
import type { SiteLanguagesSetting } from '../db/schema-multilingual.js';
import { withSettingsDefaults } from '../sites/index.js';
import { siteLanguagesOf, type SiteLanguages } from './site-languages.js';

const storedVersion = sql<number>`coalesce((${websites.settings}->'languages'->>'version')::int, 0)`;

/** The site's languages as stored now (not the resolver's copy, which may be seconds old). */
export async function readSiteLanguages(db: DbOrTx, websiteId: string): Promise<SiteLanguages> {
  const [row] = await db.select({ settings: websites.settings }).from(websites).where(eq(websites.id, websiteId)).limit(1);
  return siteLanguagesOf(withSettingsDefaults(row?.settings));
}

/** The first path segments (`/fr`, lower case) the site's pages use, among `prefixes`. */
export async function pagePrefixesOf(db: DbOrTx, websiteId: string, prefixes: readonly string[]): Promise<Set<string>> {
  if (prefixes.length === 0) return new Set();
  const wanted = prefixes.map((p) => p.slice(1));
  const rows = await db
    .select({ urlId: sql<string>`lower(${collections.urlId})` })
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), inArray(sql`lower(${collections.urlId})`, wanted)));
  return new Set(rows.map((row) => `/${row.urlId}`));
}

/**
 * Stores the site's languages with the next version, in one statement. With `expected`, only
 * when the stored version is still `expected` (another owner's save in between refuses this
 * one). The website row's update bumps its page version, so every server's cached pages follow.
 * Answers the stored version, or `{ stale }` with the version found.
 */
export async function saveSiteLanguages(
  db: DbOrTx,
  websiteId: string,
  setting: Omit<SiteLanguagesSetting, 'version'>,
  expected: number | undefined,
): Promise<{ version: number } | { stale: number }> {
  const rows = await db
    .update(websites)
    .set({
      settings: sql`jsonb_set(${websites.settings}, '{languages}', ${JSON.stringify(setting)}::jsonb || jsonb_build_object('version', ${storedVersion} + 1))`,
    })
    .where(and(eq(websites.id, websiteId), ...(expected === undefined ? [] : [sql`${storedVersion} = ${expected}`])))
    .returning({ version: storedVersion });
  if (rows[0]) return { version: rows[0].version };
  return { stale: (await readSiteLanguages(db, websiteId)).version };
}

/** Removes the site's languages: it is left with the one language of its locale, at `/`. */
export async function removeSiteLanguages(db: DbOrTx, websiteId: string): Promise<void> {
  await db
    .update(websites)
    .set({ settings: sql`${websites.settings} - 'languages'` })
    .where(eq(websites.id, websiteId));
}
