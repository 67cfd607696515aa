import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { orderItems, orders } from '../db/schema.js';
import { orderRefunds } from '../db/schema-orders.js';
import type { DbOrTx } from '../db/types.js';
import { MICROS_PART, TEXT_PART, toPage, type Page } from '../http/page-cursor.js';

/** What the owner's order list can be narrowed to. */
export interface OrderListFilter {
  status?: string;
  /** Orders placed at or after this instant. */
  from?: Date;
  /** Orders placed before this instant. */
  before?: Date;
  /** An order number (`1042` or `#1042`), or the start of the customer's email or name. */
  search?: string;
}

/** One row of the owner's order list. Money is in minor units of `currency`. */
export interface OrderListItem {
  id: string;
  orderNumber: number;
  createdAt: string;
  status: string;
  testMode: boolean;
  customerEmail: string;
  customerName: string;
  currency: string;
  grandTotalCents: number;
  refundedCents: number;
  itemCount: number;
}

// These expressions repeat the indexes of migration 0110 exactly, so searches use them.
const address = sql`coalesce(${orders.shippingAddress}, ${orders.billingAddress})`;
const emailKey = sql`lower(${orders.customerEmail})`;
const fullNameKey = sql`lower((${address} ->> 'firstName') || ' ' || (${address} ->> 'lastName'))`;
const lastNameKey = sql`lower(${address} ->> 'lastName')`;
const customerName = sql<string>`trim(coalesce(${address} ->> 'firstName', '') || ' ' || coalesce(${address} ->> 'lastName', ''))`;
const micros = sql<string>`(extract(epoch from ${orders.createdAt}) * 1000000)::bigint::text`;
const fromMicros = (value: string) => sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;
// Correlated subqueries name the outer table in full (drizzle writes its columns unqualified).
const refunded = sql<number>`(SELECT coalesce(sum(r.amount_cents), 0)::int FROM ${orderRefunds} r WHERE r.website_id = orders.website_id AND r.order_id = orders.id AND r.state = 'succeeded')`;
const itemCount = sql<number>`(SELECT coalesce(sum(i.quantity), 0)::int FROM ${orderItems} i WHERE i.website_id = orders.website_id AND i.order_id = orders.id)`;

/** Shape of the order list's cursor: [created_at in microseconds, order id]. */
export const ORDER_CURSOR = [MICROS_PART, TEXT_PART] as const;

const ORDER_NUMBER = /^#?\s*(\d{1,9})$/;

/** `LIKE` pattern matching values that start with `text` (its `%`, `_` and `\` taken literally). */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The SQL condition of a search, or undefined for an empty one. */
function searchCondition(search: string | undefined): SQL | undefined {
  const text = search?.trim().replace(/\s+/g, ' ').toLowerCase() ?? '';
  if (text === '') return undefined;
  const number = ORDER_NUMBER.exec(text);
  if (number) return eq(orders.orderNumber, Number(number[1]));
  const pattern = prefixPattern(text);
  return sql`(${emailKey} LIKE ${pattern} OR ${fullNameKey} LIKE ${pattern} OR ${lastNameKey} LIKE ${pattern})`;
}

/** The conditions of a filter (the site's orders only, whatever else is asked). */
export function filterConditions(websiteId: string, filter: OrderListFilter): SQL {
  return and(
    eq(orders.websiteId, websiteId),
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.from ? gte(orders.createdAt, filter.from) : undefined,
    filter.before ? lt(orders.createdAt, filter.before) : undefined,
    searchCondition(filter.search),
  )!;
}

/** The query behind {@link listOrderPage} (`limit + 1` rows), for running or explaining it. */
export function orderPageQuery(db: DbOrTx, websiteId: string, filter: OrderListFilter, after: string[] | undefined, limit: number) {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      testMode: orders.testMode,
      customerEmail: orders.customerEmail,
      customerName,
      currency: orders.currency,
      grandTotalCents: orders.grandTotalCents,
      refundedCents: refunded,
      itemCount,
      position: micros,
    })
    .from(orders)
    .where(and(filterConditions(websiteId, filter), after ? sql`(${orders.createdAt}, ${orders.id}) < (${fromMicros(after[0]!)}, ${after[1]})` : undefined))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit + 1);
}

/**
 * One page of a site's orders, newest first, after the keyset position `after`
 * ([created_at in microseconds, id] from the previous page's cursor).
 */
export async function listOrderPage(
  db: DbOrTx,
  websiteId: string,
  filter: OrderListFilter,
  after: string[] | undefined,
  limit: number,
): Promise<Page<OrderListItem>> {
  const found = await orderPageQuery(db, websiteId, filter, after, limit);
  return toPage(
    found,
    limit,
    ({ position: _position, createdAt, refundedCents, itemCount: count, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
      refundedCents: Number(refundedCents),
      itemCount: Number(count),
    }),
    (row) => [String(row.position), row.id],
  );
}
