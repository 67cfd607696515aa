import { and, desc, eq, sql } from 'drizzle-orm';
import { siteUsers } from '../db/schema-site-users.js';
import type { DbOrTx } from '../db/types.js';
import { toPage, type Page } from '../http/page-cursor.js';
import { tagsOfCustomers, taggedWith } from './customer-tags.js';
import type { SiteUserRow } from './site-user-repository.js';

/** A site user as the dashboard's Customers screen lists it. */
export interface CustomerSummary {
  id: string;
  email: string;
  displayName: string;
  emailVerified: boolean;
  locale: string | null;
  createdAt: string;
  lastSignInAt: string | null;
}

/** An account as the Customers list and its CSV show it: with the owner's tags. */
export interface CustomerListEntry extends CustomerSummary {
  tags: string[];
}

/** What the Customers list keeps: emails containing `search` (any case), accounts carrying `tag` (any case). */
export interface CustomerFilter {
  search?: string | undefined;
  tag?: string | undefined;
}

/** The dashboard's view of an account. */
export function customerSummary(row: SiteUserRow): CustomerSummary {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    emailVerified: row.emailVerifiedAt !== null,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

const micros = sql<string>`(extract(epoch from ${siteUsers.createdAt}) * 1000000)::bigint::text`;
const fromMicros = (value: string) => sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;

/** Escapes `%`, `_` and `\` so a search is matched literally by LIKE. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * One page of a site's accounts, newest first, after the keyset position `after`
 * ([created_at in microseconds, id]), narrowed by `filter`, each with its tags.
 */
export async function listCustomerPage(
  db: DbOrTx,
  websiteId: string,
  filter: CustomerFilter,
  after: string[] | undefined,
  limit: number,
): Promise<Page<CustomerListEntry>> {
  const { search, tag } = filter;
  const found = await db
    .select({ row: siteUsers, position: micros })
    .from(siteUsers)
    .where(
      and(
        eq(siteUsers.websiteId, websiteId),
        search ? sql`lower(${siteUsers.email}) LIKE ${`%${likeLiteral(search.trim().toLowerCase())}%`}` : undefined,
        tag ? taggedWith(websiteId, sql`${siteUsers.id}`, tag) : undefined,
        after ? sql`(${siteUsers.createdAt}, ${siteUsers.id}) < (${fromMicros(after[0]!)}, ${after[1]})` : undefined,
      ),
    )
    .orderBy(desc(siteUsers.createdAt), desc(siteUsers.id))
    .limit(limit + 1);
  const tags = await tagsOfCustomers(
    db,
    websiteId,
    found.slice(0, limit).map(({ row }) => row.id),
  );
  return toPage(
    found,
    limit,
    ({ row }) => ({ ...customerSummary(row), tags: tags.get(row.id) ?? [] }),
    ({ row, position }) => [String(position), row.id],
  );
}
