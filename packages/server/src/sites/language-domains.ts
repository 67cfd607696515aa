import { eq } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { websiteDomains, websites } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';

/** The own domains of a site's languages (decision 0056): each host names one language of one site. */
export const languageDomains = pgTable(
  'language_domains',
  {
    domain: text('domain').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('language_domains_language_key').on(t.websiteId, t.language)],
);

/** The id of the site whose language has the domain `domain` (lower case, no port), or undefined. */
export async function websiteIdOfLanguageDomain(db: DbOrTx, domain: string): Promise<string | undefined> {
  const [row] = await db.select({ websiteId: languageDomains.websiteId }).from(languageDomains).where(eq(languageDomains.domain, domain)).limit(1);
  return row?.websiteId;
}

/** Who already uses `domain`: a site's custom domain, another site's language, or another language of this site; undefined when it is free for `language` of `websiteId`. */
export async function languageDomainUse(
  db: DbOrTx,
  websiteId: string,
  language: string,
  domain: string,
): Promise<{ kind: 'site'; own: boolean } | { kind: 'language'; own: boolean; language: string } | undefined> {
  const [site] = await db.select({ websiteId: websiteDomains.websiteId }).from(websiteDomains).where(eq(websiteDomains.domain, domain)).limit(1);
  if (site) return { kind: 'site', own: site.websiteId === websiteId };
  const [other] = await db
    .select({ websiteId: languageDomains.websiteId, language: languageDomains.language })
    .from(languageDomains)
    .where(eq(languageDomains.domain, domain))
    .limit(1);
  if (other && !(other.websiteId === websiteId && other.language === language))
    return { kind: 'language', own: other.websiteId === websiteId, language: other.language };
  return undefined;
}

/** Stores the site's language domains as exactly `domains` (language code → domain), in the caller's transaction. */
export async function replaceLanguageDomains(db: DbOrTx, websiteId: string, domains: ReadonlyMap<string, string>): Promise<void> {
  await db.delete(languageDomains).where(eq(languageDomains.websiteId, websiteId));
  if (domains.size === 0) return;
  await db.insert(languageDomains).values([...domains].map(([language, domain]) => ({ domain, websiteId, language })));
}
