import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { orders } from '../db/schema.js';
import { subscriptionRenewals, subscriptions, type SubscriptionState } from '../db/schema-subscriptions.js';
import type { DbOrTx } from '../db/types.js';
import { MICROS_PART, TEXT_PART } from '../http/page-cursor.js';

/** Shape of the subscription list's cursor: [created_at in microseconds, id]. */
export const SUBSCRIPTION_CURSOR = [MICROS_PART, TEXT_PART] as const;

const micros = sql<string>`(extract(epoch from ${subscriptions.createdAt}) * 1000000)::bigint::text`;
const fromMicros = (value: string) => sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;
const firstOrderNumber = sql<
  number | null
>`(SELECT o.order_number FROM ${orders} o WHERE o.website_id = subscriptions.website_id AND o.id = subscriptions.first_order_id)`;

/** `limit + 1` of a site's subscriptions, newest first, after the keyset position `after`, optionally in one state. */
export async function listSubscriptionRows(db: DbOrTx, websiteId: string, state: SubscriptionState | undefined, after: string[] | undefined, limit: number) {
  return db
    .select({ ...getTableColumns(subscriptions), firstOrderNumber, position: micros })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.websiteId, websiteId),
        state ? eq(subscriptions.state, state) : undefined,
        after ? sql`(${subscriptions.createdAt}, ${subscriptions.id}) < (${fromMicros(after[0]!)}, ${after[1]})` : undefined,
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(limit + 1);
}

/** One subscription of the site with its first order's number, and its renewals by cycle with their orders' numbers. */
export async function loadSubscriptionWithRenewals(db: DbOrTx, websiteId: string, id: string) {
  const [sub] = await db
    .select({ ...getTableColumns(subscriptions), firstOrderNumber })
    .from(subscriptions)
    .where(and(eq(subscriptions.websiteId, websiteId), eq(subscriptions.id, id)));
  if (!sub) return undefined;
  const renewals = await db
    .select({
      ...getTableColumns(subscriptionRenewals),
      orderNumber: sql<
        number | null
      >`(SELECT o.order_number FROM ${orders} o WHERE o.website_id = subscription_renewals.website_id AND o.id = subscription_renewals.order_id)`,
    })
    .from(subscriptionRenewals)
    .where(and(eq(subscriptionRenewals.websiteId, websiteId), eq(subscriptionRenewals.subscriptionId, id)))
    .orderBy(asc(subscriptionRenewals.cycle));
  return { sub, renewals };
}
