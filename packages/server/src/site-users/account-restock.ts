import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/types.js';
import { toPage, type Page } from '../http/page-cursor.js';
import type { AccountOwner } from './account-orders.js';
import { normalSiteUserEmail } from './site-user-repository.js';
import { restockSignUpOfRow } from '../restock/index.js';

/** Restock sign-ups shown per page of the account area. */
export const ACCOUNT_RESTOCK_PER_PAGE = 10;

/** One of the person's restock sign-ups, in the shape of the spec's sign-up list (`signUps`). */
export interface AccountSignUp {
  id: string;
  productId: string;
  variantId: string;
  email: string;
  isJoinMailingList: boolean;
  language: string | null;
  createdAt: string;
  notifiedAt: string | null;
  productName: string;
  sku: string;
}

/**
 * One page of the person's restock sign-ups (made with their confirmed address; an unconfirmed
 * one matches nothing), newest first, after the keyset position `after` ([created_at in
 * microseconds, id]).
 */
export async function listAccountSignUps(db: DbOrTx, owner: AccountOwner, after: string[] | undefined, limit: number): Promise<Page<AccountSignUp>> {
  if (!owner.emailVerifiedAt) return { items: [], hasNextPage: false, nextPageCursor: null };
  const result = (await db.execute(sql`
    SELECT r.id, r.product_id, r.variant_id, r.email, r.join_mailing_list, r.language, r.created_at, r.notified_at,
      coalesce(i.title, '') AS title, coalesce(v.sku, '') AS sku,
      (extract(epoch from r.created_at) * 1000000)::bigint::text AS position
    FROM restock_signups r
    LEFT JOIN items i ON i.website_id = r.website_id AND i.id = r.product_id
    LEFT JOIN variants v ON v.website_id = r.website_id AND v.id = r.variant_id
    WHERE r.website_id = ${owner.websiteId} AND lower(btrim(r.email)) = ${normalSiteUserEmail(owner.email)}
      ${after ? sql`AND ((extract(epoch from r.created_at) * 1000000)::bigint, r.id) < (${after[0]}::bigint, ${after[1]})` : sql``}
    ORDER BY (extract(epoch from r.created_at) * 1000000)::bigint DESC, r.id DESC
    LIMIT ${limit + 1}`)) as unknown as { rows: Record<string, unknown>[] };
  return toPage(result.rows, limit, restockSignUpOfRow, (r) => [String(r.position), String(r.id)]);
}

/** Withdraws one of the person's restock sign-ups; false when it is not theirs (or already gone). */
export async function withdrawAccountSignUp(db: DbOrTx, owner: AccountOwner, id: string): Promise<boolean> {
  if (!owner.emailVerifiedAt) return false;
  const result = (await db.execute(sql`
    WITH gone AS (DELETE FROM restock_signups WHERE website_id = ${owner.websiteId} AND id = ${id}
      AND lower(btrim(email)) = ${normalSiteUserEmail(owner.email)} RETURNING 1)
    SELECT count(*)::int AS n FROM gone`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0) > 0;
}
