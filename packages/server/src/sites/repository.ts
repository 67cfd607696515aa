import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/types.js';
import { websiteDomains, websites, type WebsiteSettings } from '../db/schema.js';
import { AppError } from '../errors/index.js';
import { IDENTIFIER_PATTERN, normalizeHost } from './host.js';
import { websiteIdOfLanguageDomain } from './language-domains.js';
import { noteRowVersions } from './read-state.js';
import { withSettingsDefaults, type Website } from './website.js';

/** Identifiers that would clash with infrastructure host names. */
export const RESERVED_IDENTIFIERS: ReadonlySet<string> = new Set(['www', 'api', 'admin', 'static', 'assets', 'mail', 'localhost']);

/** Input of {@link createWebsite}. */
export interface NewWebsite {
  identifier: string;
  title: string;
  description?: string;
  settings?: WebsiteSettings;
  domains?: string[];
}

type WebsiteRow = typeof websites.$inferSelect;

function toWebsite(row: WebsiteRow, domains: string[]): Website {
  const website: Website = {
    id: row.id,
    identifier: row.identifier,
    title: row.title,
    description: row.description,
    siteStatus: row.siteStatus,
    settings: withSettingsDefaults(row.settings),
    domains,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  noteRowVersions(website, row);
  return website;
}

/**
 * A website row with its domains in the same statement (a site's first request then costs one
 * round trip, not two), in domain order.
 */
const websiteWithDomains = {
  website: websites,
  domains: sql<string[]>`coalesce((SELECT array_agg(d.domain ORDER BY d.domain) FROM ${websiteDomains} d WHERE d.website_id = ${websites.id}), '{}'::text[])`,
};

/** Checks an identifier; throws a VALIDATION_FAILED {@link AppError} explaining what is wrong. */
export function assertValidIdentifier(identifier: string): void {
  if (!IDENTIFIER_PATTERN.test(identifier)) {
    throw new AppError('VALIDATION_FAILED', `Site identifier '${identifier}' must be 1-63 lower-case letters, digits or inner hyphens.`);
  }
  if (RESERVED_IDENTIFIERS.has(identifier)) {
    throw new AppError('VALIDATION_FAILED', `Site identifier '${identifier}' is reserved.`);
  }
}

/** Normalises a custom domain (lower-case, no port); throws when it is not a host name. */
export function normalizeDomain(domain: string): string {
  const host = normalizeHost(domain);
  if (host === null || !host.includes('.') || /^\d+(?:\.\d+){3}$/.test(host) || host.endsWith('.localhost') || host === 'localhost') {
    throw new AppError('VALIDATION_FAILED', `'${domain}' is not a valid custom domain.`);
  }
  return host;
}

/** Creates a website (and its custom domains) in one transaction. Throws CONFLICT when taken. */
export async function createWebsite(db: DbOrTx, input: NewWebsite): Promise<Website> {
  assertValidIdentifier(input.identifier);
  const title = input.title.trim();
  if (title === '') throw new AppError('VALIDATION_FAILED', 'Site title must not be empty.');
  const domains = [...new Set((input.domains ?? []).map(normalizeDomain))];
  const existing = await findWebsiteByIdentifier(db, input.identifier);
  if (existing) throw new AppError('CONFLICT', `A site with identifier '${input.identifier}' already exists.`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(websites)
      .values({ identifier: input.identifier, title, description: input.description ?? '', settings: input.settings ?? {} })
      .returning();
    for (const [index, domain] of domains.entries()) {
      const taken = await tx.select().from(websiteDomains).where(eq(websiteDomains.domain, domain));
      if (taken.length > 0) throw new AppError('CONFLICT', `Domain '${domain}' is already used by another site.`);
      await tx.insert(websiteDomains).values({ domain, websiteId: row!.id, isPrimary: index === 0 });
    }
    return toWebsite(row!, [...domains].sort());
  });
}

/** The website with this id, or null. */
export async function getWebsite(db: DbOrTx, websiteId: string): Promise<Website | null> {
  const [row] = await db.select(websiteWithDomains).from(websites).where(eq(websites.id, websiteId));
  return row ? toWebsite(row.website, row.domains) : null;
}

/** The website with this identifier, or null. */
export async function findWebsiteByIdentifier(db: DbOrTx, identifier: string): Promise<Website | null> {
  const [row] = await db.select(websiteWithDomains).from(websites).where(eq(websites.identifier, identifier));
  return row ? toWebsite(row.website, row.domains) : null;
}

/** The website a custom domain belongs to, or null. */
export async function findWebsiteByDomain(db: DbOrTx, domain: string): Promise<Website | null> {
  const [row] = await db
    .select(websiteWithDomains)
    .from(websiteDomains)
    .innerJoin(websites, eq(websites.id, websiteDomains.websiteId))
    .where(eq(websiteDomains.domain, domain));
  return row ? toWebsite(row.website, row.domains) : null;
}

/** The website one of whose languages has the domain `domain` (decision 0056), or null. */
export async function findWebsiteByLanguageDomain(db: DbOrTx, domain: string): Promise<Website | null> {
  const websiteId = await websiteIdOfLanguageDomain(db, domain);
  return websiteId ? getWebsite(db, websiteId) : null;
}

/** All websites ordered by identifier. */
export async function listWebsites(db: DbOrTx): Promise<Website[]> {
  const rows = await db.select().from(websites).orderBy(asc(websites.identifier));
  const domainRows = await db.select().from(websiteDomains).orderBy(asc(websiteDomains.domain));
  return rows.map((row) =>
    toWebsite(
      row,
      domainRows.filter((d) => d.websiteId === row.id).map((d) => d.domain),
    ),
  );
}

/** Number of websites (used by `serve` to decide whether to seed the demo). */
export async function countWebsites(db: DbOrTx): Promise<number> {
  return (await db.select({ id: websites.id }).from(websites)).length;
}

/** Maps a custom domain to a website. Throws CONFLICT when another site already uses it. */
export async function addCustomDomain(db: DbOrTx, websiteId: string, domain: string): Promise<void> {
  const normalized = normalizeDomain(domain);
  const [taken] = await db.select().from(websiteDomains).where(eq(websiteDomains.domain, normalized));
  if (taken && taken.websiteId !== websiteId) throw new AppError('CONFLICT', `Domain '${normalized}' is already used by another site.`);
  if (!taken && (await websiteIdOfLanguageDomain(db, normalized)))
    throw new AppError('CONFLICT', `Domain '${normalized}' is already used by a site's language.`);
  if (!taken) await db.insert(websiteDomains).values({ domain: normalized, websiteId });
}

/** Replaces a website's settings (merged over the stored ones, one level deep). */
export async function updateWebsiteSettings(db: DbOrTx, websiteId: string, patch: WebsiteSettings): Promise<Website> {
  const current = await getWebsite(db, websiteId);
  if (!current) throw new AppError('NOT_FOUND', 'Site not found.');
  const [stored] = await db.select({ settings: websites.settings }).from(websites).where(eq(websites.id, websiteId));
  const settings = { ...(stored?.settings ?? {}), ...patch };
  await db.update(websites).set({ settings, updatedAt: new Date() }).where(eq(websites.id, websiteId));
  return (await getWebsite(db, websiteId))!;
}
