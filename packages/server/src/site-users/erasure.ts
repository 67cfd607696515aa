import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/types.js';
import { recordAuditAs } from '../owner-accounts/index.js';
import { accountOrderIds, type AccountOwner } from './account-orders.js';
import { findSiteUser, normalSiteUserEmail } from './site-user-repository.js';

/** What erased orders, subscriptions and donations say instead of the person's address (`.invalid` never delivers). */
export const ERASED_EMAIL = 'erased@erased.invalid';
/** What an erased order event or audit entry that named the person says instead. */
export const ERASED_TEXT = '[erased]';

/** Who asks: the person from the account page, or an owner from the dashboard. */
export type ErasureActor = { kind: 'site-user' } | { kind: 'owner'; ownerId: string | null; email: string | null };

/** What one erasure changed, by record kind (counts only: nothing that names the person). */
export interface ErasureCounts {
  orders: number;
  subscriptions: number;
  carts: number;
  formSubmissions: number;
  restockSignups: number;
  comments: number;
  reviews: number;
  likes: number;
  analyticsEvents: number;
  donations: number;
  mails: number;
  /** The owner's notes on the person (personal data about them). */
  notes: number;
  /** The owner's tags on the person. */
  tags: number;
}

/** The answer of {@link eraseSiteUser}: false `erased` when there was no such account (already erased, or never on this site). */
export interface ErasureResult {
  erased: boolean;
  counts: ErasureCounts;
}

const NO_COUNTS: ErasureCounts = Object.freeze({
  orders: 0,
  subscriptions: 0,
  carts: 0,
  formSubmissions: 0,
  restockSignups: 0,
  comments: 0,
  reviews: 0,
  likes: 0,
  analyticsEvents: 0,
  donations: 0,
  mails: 0,
  notes: 0,
  tags: 0,
});

/** Runs a changing statement and answers how many rows it touched (the same on PGlite and PostgreSQL). */
async function count(tx: DbOrTx, statement: SQL): Promise<number> {
  const result = (await tx.execute(sql`WITH changed AS (${statement} RETURNING 1) SELECT count(*)::int AS n FROM changed`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** True when the JSON or text of `column` mentions `email` (already lower-case). */
const mentions = (column: SQL, email: string) => sql`strpos(lower(${column}::text), ${email}) > 0`;

/** An address with every field blanked but its country and region, which accounting (tax) needs. */
const blankAddress = (column: SQL) => sql`CASE WHEN ${column} IS NULL THEN NULL ELSE jsonb_build_object(
  'firstName', '', 'lastName', '', 'address1', '', 'address2', '', 'city', '', 'postalCode', '', 'phone', '',
  'country', coalesce(${column}->>'country', ''), 'region', coalesce(${column}->>'region', '')) END`;

/**
 * Erases a site user and the personal data the site holds about them, in one transaction
 * (nothing is acknowledged before it commits; running it again changes nothing):
 *
 * - the account, its sessions, mailed tokens and saved addresses are deleted; its open carts
 *   are deleted; the carts its orders were bought from lose the account and the shipping place;
 * - the person's orders (the account area's rule, {@link accountOrderIds}) are kept for
 *   accounting with the email replaced by {@link ERASED_EMAIL}, the addresses blanked but for
 *   country and region, line options and order notes naming the address cleared; the payment
 *   attempts and stored checkout answers of those orders lose the same data;
 * - subscriptions of those orders end (no more renewals) and lose the email and the saved
 *   payment method's references; their manage links stop working;
 * - any other order, subscription or donation merely carrying the address gets the placeholder;
 * - form submissions mentioning the address, restock sign-ups to it, comments by it, and the
 *   reviews, likes and visitor events of the browsers those comments (and the asking browser,
 *   `visitorIds`) came from are deleted; mails to or about the address leave the outbox; audit
 *   entries naming the person say {@link ERASED_TEXT}; the sign-in throttle forgets the address;
 * - the owner's notes and tags on the person are deleted: notes are personal data about them
 *   (what the owner knows of the person), so they go with the account rather than stay behind.
 *
 * The address is used only when confirmed, or when an owner asks (an owner answers a request
 * whose sender they checked); an unconfirmed account's address could be anyone's.
 */
export async function eraseSiteUser(
  db: Db,
  websiteId: string,
  siteUserId: string,
  options: { actor: ErasureActor; now: Date; visitorIds?: readonly string[] },
): Promise<ErasureResult> {
  return db.transaction(async (tx) => {
    const user = await findSiteUser(tx, websiteId, siteUserId);
    if (!user) return { erased: false, counts: { ...NO_COUNTS } };
    const byAddress = user.emailVerifiedAt !== null || options.actor.kind === 'owner';
    const owner: AccountOwner = { ...user, emailVerifiedAt: byAddress ? (user.emailVerifiedAt ?? options.now) : null };
    const email = normalSiteUserEmail(user.email);
    const now = options.now.toISOString();
    const orderIds = await accountOrderIds(tx, owner);
    const orders = textArray(orderIds);
    const sameAddress = (column: SQL) => (byAddress ? sql`lower(btrim(${column})) = ${email}` : sql`false`);
    const mentionsAddress = (column: SQL) => (byAddress ? mentions(column, email) : sql`false`);

    const commenterVisitors = (await tx.execute(
      sql`SELECT DISTINCT visitor_id FROM comments WHERE website_id = ${websiteId} AND visitor_id IS NOT NULL AND ${sameAddress(sql`author_email`)}`,
    )) as unknown as { rows: { visitor_id: string }[] };
    const visitorList = [...new Set([...(options.visitorIds ?? []), ...commenterVisitors.rows.map((r) => r.visitor_id)])];
    const visitors = textArray(visitorList);

    const counts = { ...NO_COUNTS };
    counts.orders = await count(
      tx,
      sql`UPDATE orders SET customer_email = ${ERASED_EMAIL}, shipping_address = ${blankAddress(sql`shipping_address`)},
        billing_address = ${blankAddress(sql`billing_address`)} WHERE website_id = ${websiteId} AND id = ANY(${orders})`,
    );
    await tx.execute(sql`UPDATE order_items SET additional_fields = NULL WHERE website_id = ${websiteId} AND order_id = ANY(${orders})`);
    await tx.execute(
      sql`UPDATE order_events SET message = ${ERASED_TEXT} WHERE website_id = ${websiteId} AND order_id = ANY(${orders}) AND ${mentionsAddress(sql`message`)}`,
    );
    await tx.execute(sql`UPDATE orders SET customer_email = ${ERASED_EMAIL} WHERE website_id = ${websiteId} AND ${sameAddress(sql`customer_email`)}`);
    await tx.execute(
      sql`UPDATE payment_attempts SET order_record = jsonb_set(order_record, '{input}', coalesce(order_record->'input', '{}'::jsonb)
          || jsonb_build_object('email', ${ERASED_EMAIL}::text, 'shippingAddress', NULL, 'billingAddress', NULL))
        WHERE website_id = ${websiteId} AND (order_id = ANY(${orders}) OR ${mentionsAddress(sql`order_record`)})`,
    );
    await tx.execute(sql`DELETE FROM idempotency_keys WHERE website_id = ${websiteId} AND ${mentionsAddress(sql`response_body`)}`);

    counts.subscriptions = await count(
      tx,
      sql`UPDATE subscriptions SET customer_email = ${ERASED_EMAIL},
          state = CASE WHEN state IN ('active', 'past_due', 'paused') THEN 'cancelled' ELSE state END,
          ended_at = coalesce(ended_at, ${now}::timestamptz), next_billing_at = NULL, next_retry_at = NULL,
          payment_method = jsonb_build_object('provider', payment_method->'provider', 'customerRef', '', 'methodRef', '', 'summary', '{}'::jsonb),
          manage_token = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''), updated_at = ${now}::timestamptz
        WHERE website_id = ${websiteId} AND first_order_id = ANY(${orders})`,
    );
    await tx.execute(sql`UPDATE subscriptions SET customer_email = ${ERASED_EMAIL} WHERE website_id = ${websiteId} AND ${sameAddress(sql`customer_email`)}`);

    const boughtCarts = sql`(SELECT purchased_cart_id FROM orders WHERE website_id = ${websiteId} AND id = ANY(${orders}))`;
    counts.carts = await count(tx, sql`DELETE FROM carts WHERE website_id = ${websiteId} AND site_user_id = ${user.id} AND NOT is_purchased`);
    await tx.execute(
      sql`UPDATE cart_entries SET additional_fields = NULL WHERE website_id = ${websiteId} AND cart_id IN (SELECT id FROM carts WHERE website_id = ${websiteId} AND (site_user_id = ${user.id} OR id IN ${boughtCarts}))`,
    );
    counts.carts += await count(
      tx,
      sql`UPDATE carts SET site_user_id = NULL, shipping_location = NULL WHERE website_id = ${websiteId} AND (site_user_id = ${user.id} OR id IN ${boughtCarts})`,
    );

    counts.donations = await count(
      tx,
      sql`UPDATE donations SET donor_email = ${ERASED_EMAIL}, donor_name = '', message = '' WHERE website_id = ${websiteId} AND ${sameAddress(sql`donor_email`)}`,
    );
    counts.formSubmissions = await count(tx, sql`DELETE FROM form_submissions WHERE website_id = ${websiteId} AND ${mentionsAddress(sql`data`)}`);
    counts.restockSignups = await count(tx, sql`DELETE FROM restock_signups WHERE website_id = ${websiteId} AND ${sameAddress(sql`email`)}`);
    counts.comments = await count(
      tx,
      sql`DELETE FROM comments WHERE website_id = ${websiteId} AND (${sameAddress(sql`author_email`)} OR visitor_id = ANY(${visitors}))`,
    );
    counts.reviews = await count(tx, sql`DELETE FROM product_reviews WHERE website_id = ${websiteId} AND visitor_id = ANY(${visitors})`);
    const likes = (await tx.execute(
      sql`WITH gone AS (DELETE FROM item_likes WHERE website_id = ${websiteId} AND visitor_id = ANY(${visitors}) RETURNING item_id)
        SELECT item_id, count(*)::int AS n FROM gone GROUP BY item_id`,
    )) as unknown as { rows: { item_id: string; n: number }[] };
    for (const like of likes.rows) {
      counts.likes += Number(like.n);
      await tx.execute(sql`UPDATE items SET like_count = greatest(like_count - ${Number(like.n)}, 0) WHERE website_id = ${websiteId} AND id = ${like.item_id}`);
    }
    counts.analyticsEvents = await count(tx, sql`DELETE FROM tracking_events WHERE website_id = ${websiteId} AND visitor_id = ANY(${visitors})`);
    counts.mails = await count(
      tx,
      sql`DELETE FROM outbox WHERE website_id = ${websiteId} AND ((kind LIKE 'site-user-%' AND lower(to_address) = ${email}) OR ${sameAddress(sql`to_address`)} OR ${mentionsAddress(sql`(subject || ' ' || text_body || ' ' || coalesce(html_body, ''))`)})`,
    );
    await tx.execute(
      sql`UPDATE audit_log SET detail = jsonb_build_object('erased', true), subject_id = CASE WHEN subject_id = ${user.id} THEN NULL ELSE subject_id END
        WHERE website_id = ${websiteId} AND (subject_id = ${user.id} OR ${mentionsAddress(sql`detail`)} OR strpos(detail::text, ${user.id}) > 0)`,
    );
    await tx.execute(sql`DELETE FROM owner_sign_in_throttle WHERE website_id = ${websiteId} AND key LIKE 'site-user|%' AND ${mentionsAddress(sql`key`)}`);
    counts.notes = await count(tx, sql`DELETE FROM customer_notes WHERE website_id = ${websiteId} AND site_user_id = ${user.id}`);
    counts.tags = await count(tx, sql`DELETE FROM customer_tags WHERE website_id = ${websiteId} AND site_user_id = ${user.id}`);
    await tx.execute(sql`DELETE FROM site_users WHERE website_id = ${websiteId} AND id = ${user.id}`);

    const actor = options.actor.kind === 'owner' ? { ownerId: options.actor.ownerId, email: options.actor.email } : { ownerId: null, email: null };
    await recordAuditAs(tx, websiteId, actor, {
      action: options.actor.kind === 'owner' ? 'site-user.erase' : 'site-user.erase-own',
      subjectType: 'site-user',
      detail: { ...counts },
    });
    return { erased: true, counts };
  });
}
