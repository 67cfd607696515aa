import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/types.js';
import { enqueueMails } from '../outbox/index.js';
import { toPage, type Page } from '../http/page-cursor.js';
import { readMailLanguage, type MailLanguage } from '../mail-language/index.js';
import { restockMail, type RestockMailContext } from './restock-mail.js';
import type { RestockRequest } from './restock-payload.js';

/** One product variant with pending or past sign-ups. */
export interface SignUpGroup {
  productId: string;
  variantId: string;
  productName: string;
  sku: string;
  pendingCount: number;
  notifiedCount: number;
  lastSignUpAt: string;
}

/** One sign-up as the owner sees it. */
export interface SignUp {
  id: string;
  productId: string;
  variantId: string;
  email: string;
  isJoinMailingList: boolean;
  language: string | null;
  createdAt: string;
  notifiedAt: string | null;
}

type Rows<T> = { rows: T[] };

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const iso = (value: unknown): string => new Date(value as string).toISOString();

/** The product title and SKU of a site's variant, or undefined when it does not exist. */
export async function findVariant(db: DbOrTx, websiteId: string, productId: string, variantId: string): Promise<{ title: string; sku: string } | undefined> {
  const [row] = await rows<{ title: string; sku: string }>(
    db,
    sql`
    SELECT i.title, v.sku FROM variants v JOIN items i ON i.website_id = v.website_id AND i.id = v.product_id
    WHERE v.website_id = ${websiteId} AND v.product_id = ${productId} AND v.id = ${variantId}`,
  );
  return row;
}

/**
 * Stores a sign-up once per (site, variant, email) while it is pending: concurrent identical
 * requests meet the unique index and all but one insert nothing. True when this call stored it.
 */
export async function signUpForRestock(db: DbOrTx, websiteId: string, request: RestockRequest): Promise<boolean> {
  const inserted = await rows<{ id: string }>(
    db,
    sql`
    INSERT INTO restock_signups (website_id, product_id, variant_id, email, join_mailing_list, language)
    VALUES (${websiteId}, ${request.productId}, ${request.variantId}, ${request.email}, ${request.joinMailingList}, ${request.language ?? null})
    ON CONFLICT (website_id, variant_id, email) WHERE notified_at IS NULL DO NOTHING
    RETURNING id`,
  );
  return inserted.length === 1;
}

/** Sign-up groups (one per product variant), ordered by product and variant id. */
export async function listSignUpGroups(db: DbOrTx, websiteId: string, after: string[] | undefined, limit: number): Promise<Page<SignUpGroup>> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`
    SELECT r.product_id, r.variant_id, coalesce(max(i.title), '') AS title, coalesce(max(v.sku), '') AS sku,
      count(*) FILTER (WHERE r.notified_at IS NULL)::int AS pending, count(r.notified_at)::int AS notified,
      max(r.created_at) AS last_at
    FROM restock_signups r
    LEFT JOIN items i ON i.website_id = r.website_id AND i.id = r.product_id
    LEFT JOIN variants v ON v.website_id = r.website_id AND v.id = r.variant_id
    WHERE r.website_id = ${websiteId}
      ${after ? sql`AND (r.product_id, r.variant_id) > (${after[0]}, ${after[1]})` : sql``}
    GROUP BY r.product_id, r.variant_id
    ORDER BY r.product_id, r.variant_id
    LIMIT ${limit + 1}`,
  );
  return toPage(
    found,
    limit,
    (r) => ({
      productId: String(r.product_id),
      variantId: String(r.variant_id),
      productName: String(r.title),
      sku: String(r.sku),
      pendingCount: Number(r.pending),
      notifiedCount: Number(r.notified),
      lastSignUpAt: iso(r.last_at),
    }),
    (r) => [String(r.product_id), String(r.variant_id)],
  );
}

/** Sign-ups of a site, optionally of one product / variant, oldest first, with the product's name and the variant's SKU. */
export async function listSignUps(
  db: DbOrTx,
  websiteId: string,
  filter: { productId?: string; variantId?: string },
  after: string[] | undefined,
  limit: number,
): Promise<Page<SignUp & { productName: string; sku: string }>> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`
    SELECT r.id, r.product_id, r.variant_id, r.email, r.join_mailing_list, r.language, r.created_at, r.notified_at,
      coalesce(i.title, '') AS title, coalesce(v.sku, '') AS sku,
      (extract(epoch from r.created_at) * 1000000)::bigint::text AS position
    FROM restock_signups r
    LEFT JOIN items i ON i.website_id = r.website_id AND i.id = r.product_id
    LEFT JOIN variants v ON v.website_id = r.website_id AND v.id = r.variant_id
    WHERE r.website_id = ${websiteId}
      ${filter.productId ? sql`AND r.product_id = ${filter.productId}` : sql``}
      ${filter.variantId ? sql`AND r.variant_id = ${filter.variantId}` : sql``}
      ${after ? sql`AND ((extract(epoch from r.created_at) * 1000000)::bigint, r.id) > (${after[0]}::bigint, ${after[1]})` : sql``}
    ORDER BY (extract(epoch from r.created_at) * 1000000)::bigint, r.id
    LIMIT ${limit + 1}`,
  );
  return toPage(found, limit, restockSignUpOfRow, (r) => [String(r.position), String(r.id)]);
}

/** A restock sign-up as the spec's lists answer it, from a row of restock_signups joined with its item's title and variant's SKU. */
export function restockSignUpOfRow(r: Record<string, unknown>) {
  return {
    id: String(r.id),
    productId: String(r.product_id),
    variantId: String(r.variant_id),
    email: String(r.email),
    isJoinMailingList: r.join_mailing_list === true,
    language: r.language === null ? null : String(r.language),
    createdAt: iso(r.created_at),
    notifiedAt: r.notified_at === null ? null : iso(r.notified_at),
    productName: String(r.title),
    sku: String(r.sku),
  };
}

/** A request to notify the sign-ups of one variant. */
export interface SendRequest {
  productId: string;
  variantId: string;
}

/**
 * Marks the pending sign-ups of each variant notified and queues one mail per sign-up, in one
 * transaction: a sign-up is mailed exactly once however often or concurrently this runs.
 * Resolves the number of mails queued per request.
 */
export async function notifySignUps(db: Db, websiteId: string, requests: SendRequest[], mail: RestockMailContext): Promise<number[]> {
  return db.transaction(async (tx) => {
    const counts: number[] = [];
    for (const request of requests) {
      const notified = await rows<{ email: string; language: string | null }>(
        tx,
        sql`
        UPDATE restock_signups SET notified_at = now()
        WHERE website_id = ${websiteId} AND product_id = ${request.productId} AND variant_id = ${request.variantId} AND notified_at IS NULL
        RETURNING email, language`,
      );
      if (notified.length === 0) {
        counts.push(0);
        continue;
      }
      const [product] = await rows<{ title: string; path: string; sku: string; attributes: Record<string, string> | null; ordering: string[] | null }>(
        tx,
        sql`
        SELECT i.title, '/' || c.url_id || '/' || i.url_id AS path, coalesce(v.sku, '') AS sku, v.attributes, p.variant_option_ordering AS ordering
        FROM items i JOIN collections c ON c.website_id = i.website_id AND c.id = i.collection_id
        LEFT JOIN variants v ON v.website_id = i.website_id AND v.id = ${request.variantId}
        LEFT JOIN products p ON p.website_id = i.website_id AND p.item_id = i.id
        WHERE i.website_id = ${websiteId} AND i.id = ${request.productId}`,
      );
      const product_ = {
        id: request.productId,
        title: product?.title ?? '',
        path: product?.path ?? '/',
        sku: product?.sku ?? '',
        attributes: product?.attributes ?? {},
        ordering: product?.ordering ?? [],
      };
      const languages = new Map<string | null, MailLanguage>();
      const mails = [];
      for (const n of notified) {
        let language = languages.get(n.language);
        if (!language) languages.set(n.language, (language = await readMailLanguage(tx, mail.site, n.language, [request.productId], { paths: true })));
        mails.push(restockMail(mail, language, n.email, product_));
      }
      counts.push(await enqueueMails(tx, mails));
    }
    return counts;
  });
}

/** Every sign-up of a site (for the CSV export), oldest first. */
export async function allSignUps(db: DbOrTx, websiteId: string): Promise<Array<SignUp & { productName: string; sku: string }>> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`
    SELECT r.id, r.product_id, r.variant_id, r.email, r.join_mailing_list, r.language, r.created_at, r.notified_at,
      coalesce(i.title, '') AS title, coalesce(v.sku, '') AS sku
    FROM restock_signups r
    LEFT JOIN items i ON i.website_id = r.website_id AND i.id = r.product_id
    LEFT JOIN variants v ON v.website_id = r.website_id AND v.id = r.variant_id
    WHERE r.website_id = ${websiteId}
    ORDER BY r.created_at, r.id`,
  );
  return found.map((r) => ({
    id: String(r.id),
    productId: String(r.product_id),
    variantId: String(r.variant_id),
    email: String(r.email),
    isJoinMailingList: r.join_mailing_list === true,
    language: r.language === null ? null : String(r.language),
    createdAt: iso(r.created_at),
    notifiedAt: r.notified_at === null ? null : iso(r.notified_at),
    productName: String(r.title),
    sku: String(r.sku),
  }));
}
