import { z } from '../http/schemas.js';

/** Longest period a report covers, in days. */
export const MAX_REPORT_DAYS = 366;
/** Refusal of a period whose end is before its start, or that is too long. */
export const BAD_PERIOD_MESSAGE = `from must be on or before to, at most ${MAX_REPORT_DAYS} days apart.`;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date as YYYY-MM-DD.' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    error: 'must be a real date.',
  });

/** Query of the report: a period of whole UTC days, both ends included. */
export const ReportQuery = z
  .object({ from: isoDay.describe('First day (UTC), YYYY-MM-DD'), to: isoDay.describe('Last day (UTC), YYYY-MM-DD, included') })
  .refine(
    ({ from, to }) => {
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      return days >= 0 && days < MAX_REPORT_DAYS;
    },
    { error: BAD_PERIOD_MESSAGE, path: ['to'] },
  );

const Vital = z.object({ p75: z.number().nullable().describe('75th percentile (ms; CLS unitless), null without samples') });

/** The owner's analytics report (issue 13). Money in minor units of the store currency. */
export const AnalyticsReportBody = z.object({
  visitors: z.number().int().describe('Unique visitors: daily uniques summed over the period'),
  sessions: z.number().int(),
  pageViews: z.number().int(),
  bounceRate: z.number().min(0).max(1).describe('Share of sessions with one page view'),
  timeOnSite: z.number().int().min(0).describe('Average time on site: seconds from the first to the last page view of a session'),
  funnel: z.object({
    productViews: z.number().int(),
    addToCarts: z.number().int().describe('Cart lines added (server records)'),
    checkouts: z.number().int().describe('Orders attempted at checkout, whatever their outcome (server records)'),
    orders: z.number().int().describe('Orders paid (server records)'),
  }),
  revenue: z.number().int().describe('Grand totals of the paid orders, minor units'),
  currency: z.string().describe('The store currency (ISO 4217) of revenue'),
  orders: z.number().int(),
  topPages: z.array(z.object({ path: z.string(), pageType: z.string(), views: z.number().int() })),
  topProducts: z.array(z.object({ itemId: z.string(), title: z.string(), views: z.number().int() })),
  referrers: z.array(z.object({ source: z.string(), visits: z.number().int(), pageViews: z.number().int() })),
  campaigns: z
    .array(z.object({ source: z.string(), medium: z.string(), campaign: z.string(), visits: z.number().int(), pageViews: z.number().int() }))
    .describe('UTM source, medium and campaign of tagged visits'),
  devices: z.array(z.object({ device: z.string(), visits: z.number().int(), pageViews: z.number().int() })),
  browsers: z.array(z.object({ browser: z.string(), visits: z.number().int(), pageViews: z.number().int() })),
  webVitals: z.record(z.string(), z.object({ lcp: Vital, fcp: Vital, cls: Vital, inp: Vital, ttfb: Vital, fid: Vital })).describe('Per page type'),
  errors: z.array(
    z.object({
      message: z.string(),
      errorType: z.string(),
      count: z.number().int().describe('Occurrences in the period'),
      firstSeen: z.string(),
      lastSeen: z.string(),
      stack: z.string().describe('An example stack'),
      pages: z.array(z.string()),
      browsers: z.array(z.string()),
    }),
  ),
  days: z
    .array(
      z.object({
        day: z.string().describe('YYYY-MM-DD (UTC)'),
        visitors: z.number().int(),
        sessions: z.number().int(),
        pageViews: z.number().int(),
        orders: z.number().int(),
        revenue: z.number().int().describe('Minor units'),
      }),
    )
    .describe('Each day of the period, in order, zeros included'),
});

/** CSV export of the report. */
export const ReportCsv = z.string().describe('CSV: section, name, value, detail');

/** The owner's visit report: views and visitors by path over the last days. */
export const VisitReport = z.object({
  days: z.number().int(),
  since: z.iso.datetime(),
  paths: z.array(z.object({ path: z.string(), views: z.number().int(), visitors: z.number().int() })),
});
