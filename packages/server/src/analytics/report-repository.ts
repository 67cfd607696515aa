import { and, count, countDistinct, desc, eq, gte, inArray, lt, lte, ne, or, sql, sum } from 'drizzle-orm';
import { cartEntries, items, orders, type DbOrTx } from '../db/index.js';
import {
  analyticsDailyPages,
  analyticsDailyProducts,
  analyticsErrorDays,
  analyticsErrors,
  analyticsHourly,
  analyticsSessions,
  analyticsVitals,
} from '../db/schema-analytics.js';
import { p75, type VitalMetric } from './vitals-histogram.js';

/** Statuses of orders that count as placed (paid, possibly fulfilled since). */
const PLACED_ORDER_STATUSES = ['PAID', 'FULFILLED'];
/** Rows of each top list. */
const TOP = 10;
const TOP_ERRORS = 20;
/** Web vitals the report shows per page type (issue 13). */
const REPORTED_VITALS = ['lcp', 'fcp', 'cls', 'inp', 'ttfb', 'fid'] as const satisfies readonly VitalMetric[];
type ReportedVital = (typeof REPORTED_VITALS)[number];

/** A report period: whole UTC days from `from` to `to`, both included (YYYY-MM-DD). */
export interface ReportPeriod {
  from: string;
  to: string;
}

function bounds(period: ReportPeriod): { start: Date; end: Date } {
  const start = new Date(`${period.from}T00:00:00Z`);
  const end = new Date(`${period.to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start, end };
}

const num = (value: unknown) => Number(value ?? 0);
/** A moment's UTC day as YYYY-MM-DD, in SQL. */
const utcDayOf = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Every day of the period, in order (YYYY-MM-DD). */
function daysOf(period: ReportPeriod): string[] {
  const { start, end } = bounds(period);
  const days: string[] = [];
  for (const day = new Date(start); day < end; day.setUTCDate(day.getUTCDate() + 1)) days.push(day.toISOString().slice(0, 10));
  return days;
}

/** Visits from the session rollup: visitors (daily uniques summed), sessions, bounce rate, average time on site. */
async function visits(db: DbOrTx, websiteId: string, period: ReportPeriod) {
  const s = analyticsSessions;
  const [row] = await db
    .select({
      visitors: countDistinct(sql`(${s.day}, ${s.visitorHash})`),
      sessions: count(),
      bounces: sql<number>`count(*) filter (where ${s.pageViews} = 1)`,
      seconds: sql<number>`coalesce(avg(extract(epoch from (${s.lastSeenAt} - ${s.startedAt}))), 0)`,
    })
    .from(s)
    .where(and(eq(s.websiteId, websiteId), gte(s.day, period.from), lte(s.day, period.to)));
  const sessions = num(row?.sessions);
  return {
    visitors: num(row?.visitors),
    sessions,
    bounceRate: sessions === 0 ? 0 : Math.round((num(row?.bounces) / sessions) * 10_000) / 10_000,
    timeOnSite: Math.round(num(row?.seconds)),
  };
}

/** Page views, referrers, UTM campaigns, devices and browsers from the hourly rollup. */
async function traffic(db: DbOrTx, websiteId: string, period: ReportPeriod) {
  const h = analyticsHourly;
  const { start, end } = bounds(period);
  const inPeriod = and(eq(h.websiteId, websiteId), gte(h.hour, start), lt(h.hour, end));
  const pageViews = sum(h.pageViews);
  const visitsOf = sum(h.entries);
  const [[total], referrers, devices, campaigns, browsers] = await Promise.all([
    db.select({ pageViews }).from(h).where(inPeriod),
    db
      .select({ source: h.referrer, visits: visitsOf, pageViews })
      .from(h)
      .where(and(inPeriod, ne(h.referrer, '')))
      .groupBy(h.referrer)
      .orderBy(desc(visitsOf), desc(pageViews), h.referrer)
      .limit(TOP),
    db.select({ device: h.device, visits: visitsOf, pageViews }).from(h).where(inPeriod).groupBy(h.device).orderBy(desc(pageViews), h.device),
    db
      .select({ source: h.utmSource, medium: h.utmMedium, campaign: h.utmCampaign, visits: visitsOf, pageViews })
      .from(h)
      .where(and(inPeriod, or(ne(h.utmSource, ''), ne(h.utmMedium, ''), ne(h.utmCampaign, ''))))
      .groupBy(h.utmSource, h.utmMedium, h.utmCampaign)
      .orderBy(desc(visitsOf), desc(pageViews), h.utmCampaign, h.utmSource, h.utmMedium)
      .limit(TOP),
    db.select({ browser: h.browser, visits: visitsOf, pageViews }).from(h).where(inPeriod).groupBy(h.browser).orderBy(desc(pageViews), h.browser).limit(TOP),
  ]);
  return {
    pageViews: num(total?.pageViews),
    referrers: referrers.map((r) => ({ source: r.source, visits: num(r.visits), pageViews: num(r.pageViews) })),
    campaigns: campaigns.map((c) => ({ source: c.source, medium: c.medium, campaign: c.campaign, visits: num(c.visits), pageViews: num(c.pageViews) })),
    devices: devices.map((d) => ({ device: d.device, visits: num(d.visits), pageViews: num(d.pageViews) })),
    browsers: browsers.map((b) => ({ browser: b.browser, visits: num(b.visits), pageViews: num(b.pageViews) })),
  };
}

async function topPages(db: DbOrTx, websiteId: string, period: ReportPeriod) {
  const p = analyticsDailyPages;
  const views = sum(p.views);
  const rows = await db
    .select({ path: p.path, pageType: sql<string>`min(${p.pageType})`, views })
    .from(p)
    .where(and(eq(p.websiteId, websiteId), gte(p.day, period.from), lte(p.day, period.to)))
    .groupBy(p.path)
    .orderBy(desc(views), p.path)
    .limit(TOP);
  return rows.map((r) => ({ path: r.path, pageType: r.pageType, views: num(r.views) }));
}

async function products(db: DbOrTx, websiteId: string, period: ReportPeriod) {
  const p = analyticsDailyProducts;
  const inPeriod = and(eq(p.websiteId, websiteId), gte(p.day, period.from), lte(p.day, period.to));
  const views = sum(p.views);
  const [[total], top] = await Promise.all([
    db.select({ views }).from(p).where(inPeriod),
    db.select({ itemId: p.itemId, views }).from(p).where(inPeriod).groupBy(p.itemId).orderBy(desc(views), p.itemId).limit(TOP),
  ]);
  const titles =
    top.length === 0
      ? []
      : await db
          .select({ id: items.id, title: items.title })
          .from(items)
          .where(
            and(
              eq(items.websiteId, websiteId),
              inArray(
                items.id,
                top.map((t) => t.itemId),
              ),
            ),
          );
  const titleOf = new Map(titles.map((t) => [t.id, t.title]));
  return {
    productViews: num(total?.views),
    topProducts: top.map((t) => ({ itemId: t.itemId, title: titleOf.get(t.itemId) ?? '', views: num(t.views) })),
  };
}

/** Adds to cart, checkouts, orders and revenue from the store's own records (carts and orders), never from the browser. */
async function commerce(db: DbOrTx, websiteId: string, period: ReportPeriod) {
  const { start, end } = bounds(period);
  const [[adds], [placed]] = await Promise.all([
    db
      .select({ n: count() })
      .from(cartEntries)
      .where(and(eq(cartEntries.websiteId, websiteId), gte(cartEntries.createdAt, start), lt(cartEntries.createdAt, end))),
    db
      .select({
        checkouts: count(),
        orders: sql<number>`count(*) filter (where ${inArray(orders.status, PLACED_ORDER_STATUSES)})`,
        revenue: sql<number>`coalesce(sum(${orders.grandTotalCents}) filter (where ${inArray(orders.status, PLACED_ORDER_STATUSES)}), 0)`,
      })
      .from(orders)
      .where(and(eq(orders.websiteId, websiteId), gte(orders.createdAt, start), lt(orders.createdAt, end))),
  ]);
  return { addToCarts: num(adds?.n), checkouts: num(placed?.checkouts), orders: num(placed?.orders), revenue: num(placed?.revenue) };
}

/** Visitors, sessions, page views, orders and revenue of each day of the period (zeros included), for the chart. */
async function daily(db: DbOrTx, websiteId: string, period: ReportPeriod) {
  const { start, end } = bounds(period);
  const s = analyticsSessions;
  const h = analyticsHourly;
  const hourDay = utcDayOf(h.hour);
  const orderDay = utcDayOf(orders.createdAt);
  const [visitDays, viewDays, orderDays] = await Promise.all([
    db
      .select({ day: s.day, visitors: countDistinct(s.visitorHash), sessions: count() })
      .from(s)
      .where(and(eq(s.websiteId, websiteId), gte(s.day, period.from), lte(s.day, period.to)))
      .groupBy(s.day),
    db
      .select({ day: hourDay, pageViews: sum(h.pageViews) })
      .from(h)
      .where(and(eq(h.websiteId, websiteId), gte(h.hour, start), lt(h.hour, end)))
      .groupBy(hourDay),
    db
      .select({ day: orderDay, orders: count(), revenue: sum(orders.grandTotalCents) })
      .from(orders)
      .where(and(eq(orders.websiteId, websiteId), inArray(orders.status, PLACED_ORDER_STATUSES), gte(orders.createdAt, start), lt(orders.createdAt, end)))
      .groupBy(orderDay),
  ]);
  const visitsOn = new Map(visitDays.map((d) => [d.day, d]));
  const viewsOn = new Map(viewDays.map((d) => [d.day, num(d.pageViews)]));
  const ordersOn = new Map(orderDays.map((d) => [d.day, d]));
  return daysOf(period).map((day) => ({
    day,
    visitors: num(visitsOn.get(day)?.visitors),
    sessions: num(visitsOn.get(day)?.sessions),
    pageViews: viewsOn.get(day) ?? 0,
    orders: num(ordersOn.get(day)?.orders),
    revenue: num(ordersOn.get(day)?.revenue),
  }));
}

/** p75 of each reported web vital per page type, from the summed histogram buckets. */
async function webVitals(db: DbOrTx, websiteId: string, period: ReportPeriod) {
  const v = analyticsVitals;
  const samples = sum(v.count);
  const rows = await db
    .select({ pageType: v.pageType, metric: v.metric, bucket: v.bucket, count: samples })
    .from(v)
    .where(and(eq(v.websiteId, websiteId), gte(v.day, period.from), lte(v.day, period.to), inArray(v.metric, [...REPORTED_VITALS])))
    .groupBy(v.pageType, v.metric, v.bucket);
  const histograms = new Map<string, Map<VitalMetric, Array<{ bucket: number; count: number }>>>();
  for (const row of rows) {
    const byMetric = histograms.get(row.pageType) ?? histograms.set(row.pageType, new Map()).get(row.pageType)!;
    const metric = row.metric as VitalMetric;
    (byMetric.get(metric) ?? byMetric.set(metric, []).get(metric)!).push({ bucket: row.bucket, count: num(row.count) });
  }
  const result: Record<string, Record<ReportedVital, { p75: number | null }>> = {};
  for (const [pageType, byMetric] of [...histograms].sort(([a], [b]) => a.localeCompare(b))) {
    result[pageType] = Object.fromEntries(REPORTED_VITALS.map((metric) => [metric, { p75: p75(metric, byMetric.get(metric) ?? []) }])) as Record<
      ReportedVital,
      { p75: number | null }
    >;
  }
  return result;
}

/** Error groups seen in the period, most frequent first, with their count in the period. */
async function errors(db: DbOrTx, websiteId: string, period: ReportPeriod) {
  const d = analyticsErrorDays;
  const e = analyticsErrors;
  const occurrences = sum(d.count);
  const rows = await db
    .select({
      message: e.message,
      errorType: e.errorType,
      count: occurrences,
      firstSeen: e.firstSeen,
      lastSeen: e.lastSeen,
      stack: e.exampleStack,
      pages: e.pages,
      browsers: e.browsers,
    })
    .from(d)
    .innerJoin(e, and(eq(e.websiteId, d.websiteId), eq(e.fingerprint, d.fingerprint)))
    .where(and(eq(d.websiteId, websiteId), gte(d.day, period.from), lte(d.day, period.to)))
    .groupBy(e.websiteId, e.fingerprint)
    .orderBy(desc(occurrences), desc(e.lastSeen))
    .limit(TOP_ERRORS);
  return rows.map((r) => ({ ...r, count: num(r.count), firstSeen: r.firstSeen.toISOString(), lastSeen: r.lastSeen.toISOString() }));
}

/** Every figure of the owner's analytics report for a period; reads rollups and the store's records only, never raw events. */
export async function analyticsReport(db: DbOrTx, websiteId: string, period: ReportPeriod) {
  const [v, t, pages, p, c, vitals, errs, days] = await Promise.all([
    visits(db, websiteId, period),
    traffic(db, websiteId, period),
    topPages(db, websiteId, period),
    products(db, websiteId, period),
    commerce(db, websiteId, period),
    webVitals(db, websiteId, period),
    errors(db, websiteId, period),
    daily(db, websiteId, period),
  ]);
  return {
    visitors: v.visitors,
    sessions: v.sessions,
    pageViews: t.pageViews,
    bounceRate: v.bounceRate,
    timeOnSite: v.timeOnSite,
    funnel: { productViews: p.productViews, addToCarts: c.addToCarts, checkouts: c.checkouts, orders: c.orders },
    revenue: c.revenue,
    orders: c.orders,
    topPages: pages,
    topProducts: p.topProducts,
    referrers: t.referrers,
    campaigns: t.campaigns,
    devices: t.devices,
    browsers: t.browsers,
    webVitals: vitals,
    errors: errs,
    days,
  };
}
export type AnalyticsReport = Awaited<ReturnType<typeof analyticsReport>>;
