import { and, asc, count, countDistinct, eq, gte, inArray, lt, lte, sql, sum } from 'drizzle-orm';
import { items, orders, variants, websites } from '../db/index.js';
import { analyticsHourly, analyticsSessions } from '../db/schema-analytics.js';
import type { DbOrTx } from '../db/types.js';
import type { LocalDay } from './local-day.js';

/** Rows each list of the overview shows. */
export const OVERVIEW_LIST_SIZE = 5;
/** An order waiting to be shipped: paid, not fulfilled, not cancelled. */
const TO_FULFIL = 'PAID';
/** Orders whose totals count as sales: paid, and those shipped since (as the analytics report counts revenue). */
const SOLD = ['PAID', 'FULFILLED'];

const num = (value: unknown) => Number(value ?? 0);
const customerAddress = sql`coalesce(${orders.shippingAddress}, ${orders.billingAddress})`;
const customerName = sql<string>`trim(coalesce(${customerAddress} ->> 'firstName', '') || ' ' || coalesce(${customerAddress} ->> 'lastName', ''))`;

/** How many paid orders wait to be shipped, and the oldest of them. */
export interface OrdersToFulfil {
  count: number;
  oldest: Array<{
    id: string;
    orderNumber: number;
    createdAt: string;
    ageSeconds: number;
    testMode: boolean;
    customerName: string;
    customerEmail: string;
    currency: string;
    grandTotalCents: number;
  }>;
}

/**
 * Paid, unfulfilled orders of a site: their count (a window over the waiting orders) and the
 * {@link OVERVIEW_LIST_SIZE} oldest. One statement on index `orders_owner_status_idx`
 * (website, status, placed), which holds exactly the waiting orders in the order listed.
 */
export async function ordersToFulfil(db: DbOrTx, websiteId: string, now: Date): Promise<OrdersToFulfil> {
  const rows = await db
    .select({
      total: sql<number>`count(*) over ()`,
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      testMode: orders.testMode,
      customerName,
      customerEmail: orders.customerEmail,
      currency: orders.currency,
      grandTotalCents: orders.grandTotalCents,
    })
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.status, TO_FULFIL)))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(OVERVIEW_LIST_SIZE);
  return {
    count: num(rows[0]?.total),
    oldest: rows.map(({ total: _total, createdAt, ...order }) => ({
      ...order,
      createdAt: createdAt.toISOString(),
      ageSeconds: Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 1000)),
    })),
  };
}

/** How many limited variants are low on stock, and those with the fewest units. */
export interface LowStock {
  threshold: number;
  count: number;
  variants: Array<{ variantId: string; productId: string; productTitle: string; sku: string; optionValues: Record<string, string>; qtyInStock: number }>;
}

/**
 * Limited variants (not unlimited) with at most `threshold` units, sold-out ones included: their
 * count (a window over the same rows) and the {@link OVERVIEW_LIST_SIZE} with the fewest units,
 * then by SKU, as the inventory's low-stock list orders them. One statement over the site's
 * variants only (reached by indexes that lead with the site); no index holds the stock level, so
 * they are filtered, as the inventory's own low-stock list does.
 */
export async function lowStock(db: DbOrTx, websiteId: string, threshold: number): Promise<LowStock> {
  const rows = await db
    .select({
      total: sql<number>`count(*) over ()`,
      variantId: variants.id,
      productId: variants.productId,
      productTitle: items.title,
      sku: variants.sku,
      optionValues: variants.attributes,
      qtyInStock: variants.qtyInStock,
    })
    .from(variants)
    .innerJoin(items, and(eq(items.websiteId, variants.websiteId), eq(items.id, variants.productId)))
    .where(and(eq(variants.websiteId, websiteId), eq(variants.unlimited, false), lte(variants.qtyInStock, threshold)))
    .orderBy(asc(variants.qtyInStock), asc(variants.sku))
    .limit(OVERVIEW_LIST_SIZE);
  return { threshold, count: num(rows[0]?.total), variants: rows.map(({ total: _total, ...variant }) => variant) };
}

/** Today's visits and sales of a site. */
export interface TodayFigures {
  visitors: number;
  pageViews: number;
  orders: number;
  salesCents: number;
}

/**
 * Visitors, page views, paid orders and their total on `day` (a day of the site's time zone),
 * in one statement of three indexed subqueries: visits from the session rollup (site and UTC
 * day, then the start instant), page views from the hourly rollup (hours starting within the
 * day), sales from the orders placed within it in `currency` (`analytics_orders_site_created_idx`).
 * Visitors are daily uniques (hashes are salted per UTC day), as the analytics report counts them.
 */
export async function todayFigures(db: DbOrTx, websiteId: string, day: LocalDay, currency: string): Promise<TodayFigures> {
  const s = analyticsSessions;
  const h = analyticsHourly;
  const utcDays = [day.start.toISOString().slice(0, 10), new Date(day.end.getTime() - 1).toISOString().slice(0, 10)];
  const visitors = db
    .select({ n: countDistinct(sql`(${s.day}, ${s.visitorHash})`) })
    .from(s)
    .where(and(eq(s.websiteId, websiteId), gte(s.day, utcDays[0]!), lte(s.day, utcDays[1]!), gte(s.startedAt, day.start), lt(s.startedAt, day.end)));
  const pageViews = db
    .select({ n: sum(h.pageViews) })
    .from(h)
    .where(and(eq(h.websiteId, websiteId), gte(h.hour, day.start), lt(h.hour, day.end)));
  const sold = and(
    eq(orders.websiteId, websiteId),
    gte(orders.createdAt, day.start),
    lt(orders.createdAt, day.end),
    inArray(orders.status, SOLD),
    eq(orders.currency, currency),
  );
  const sales = db
    .select({ n: sum(orders.grandTotalCents) })
    .from(orders)
    .where(sold);
  const placed = db.select({ n: count() }).from(orders).where(sold);
  const [row] = await db
    .select({
      visitors: sql<number>`(${visitors})`,
      pageViews: sql<number>`coalesce((${pageViews}), 0)`,
      orders: sql<number>`(${placed})`,
      salesCents: sql<number>`coalesce((${sales}), 0)`,
    })
    .from(websites)
    .where(eq(websites.id, websiteId));
  return { visitors: num(row?.visitors), pageViews: num(row?.pageViews), orders: num(row?.orders), salesCents: num(row?.salesCents) };
}
