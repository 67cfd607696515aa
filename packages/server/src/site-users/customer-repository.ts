import { and, desc, eq, sql } from 'drizzle-orm';
import { siteUsers } from '../db/schema-site-users.js';
import type { DbOrTx } from '../db/types.js';
import { toPage, type Page } from '../http/page-cursor.js';
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
 * ([created_at in microseconds, id]); `search` keeps those whose email contains it (any case).
 */
export async function listCustomerPage(
  db: DbOrTx,
  websiteId: string,
  search: string | undefined,
  after: string[] | undefined,
  limit: number,
): Promise<Page<CustomerSummary>> {
  const found = await db
    .select({ row: siteUsers, position: micros })
    .from(siteUsers)
    .where(
      and(
        eq(siteUsers.websiteId, websiteId),
        search ? sql`lower(${siteUsers.email}) LIKE ${`%${likeLiteral(search.trim().toLowerCase())}%`}` : undefined,
        after ? sql`(${siteUsers.createdAt}, ${siteUsers.id}) < (${fromMicros(after[0]!)}, ${after[1]})` : undefined,
      ),
    )
    .orderBy(desc(siteUsers.createdAt), desc(siteUsers.id))
    .limit(limit + 1);
  return toPage(
    found,
    limit,
    ({ row }) => customerSummary(row),
    ({ row, position }) => [String(position), row.id],
  );
}
