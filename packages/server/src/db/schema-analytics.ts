/**
 * Drizzle tables of visitor analytics (migration 0120): raw events by day and the rollups the
 * reports read. `schema-analytics.test.ts` checks that they agree with the SQL.
 */
import { bigserial, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { websites } from './tables/websites.js';

const websiteId = () =>
  text('website_id')
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' });
const day = () => date('day', { mode: 'string' }).notNull();
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' }).notNull();

/** Accepted tracking calls, one row per event, kept for the site's retention period. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    websiteId: websiteId(),
    day: day(),
    occurredAt: at('occurred_at'),
    receivedAt: at('received_at').defaultNow(),
    call: text('call').notNull(),
    name: text('name').notNull(),
    sessionHash: text('session_hash'),
    path: text('path').notNull().default(''),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('analytics_events_site_day_idx').on(t.websiteId, t.day), index('analytics_events_day_idx').on(t.day)],
);

/** Page views and session entries per hour and per page type, source, campaign, device and browser. */
export const analyticsHourly = pgTable(
  'analytics_hourly',
  {
    websiteId: websiteId(),
    hour: at('hour'),
    pageType: text('page_type').notNull(),
    referrer: text('referrer').notNull(),
    utmSource: text('utm_source').notNull(),
    utmMedium: text('utm_medium').notNull(),
    utmCampaign: text('utm_campaign').notNull(),
    device: text('device').notNull(),
    browser: text('browser').notNull(),
    pageViews: integer('page_views').notNull().default(0),
    entries: integer('entries').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.hour, t.pageType, t.referrer, t.utmSource, t.utmMedium, t.utmCampaign, t.device, t.browser] })],
);

/** One visit: its page views and first and last moments, under day-salted hashes. */
export const analyticsSessions = pgTable(
  'analytics_sessions',
  {
    websiteId: websiteId(),
    sessionHash: text('session_hash').notNull(),
    day: day(),
    visitorHash: text('visitor_hash').notNull(),
    startedAt: at('started_at'),
    lastSeenAt: at('last_seen_at'),
    pageViews: integer('page_views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.sessionHash] }), index('analytics_sessions_site_day_idx').on(t.websiteId, t.day)],
);

/** Page views per path and day. */
export const analyticsDailyPages = pgTable(
  'analytics_daily_pages',
  { websiteId: websiteId(), day: day(), path: text('path').notNull(), pageType: text('page_type').notNull(), views: integer('views').notNull().default(0) },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.path] })],
);

/** Product views per product and day. */
export const analyticsDailyProducts = pgTable(
  'analytics_daily_products',
  { websiteId: websiteId(), day: day(), itemId: text('item_id').notNull(), views: integer('views').notNull().default(0) },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.itemId] })],
);

/** Counts of named events (button clicks, form renders, overlays, quick views, custom events) per day. */
export const analyticsDailyEvents = pgTable(
  'analytics_daily_events',
  { websiteId: websiteId(), day: day(), name: text('name').notNull(), count: integer('count').notNull().default(0) },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.name] })],
);

/** Web-vital histograms: samples per log-scale bucket, per day, page type and metric. */
export const analyticsVitals = pgTable(
  'analytics_vitals',
  {
    websiteId: websiteId(),
    day: day(),
    pageType: text('page_type').notNull(),
    metric: text('metric').notNull(),
    bucket: integer('bucket').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.pageType, t.metric, t.bucket] })],
);

/** Script errors grouped by fingerprint. */
export const analyticsErrors = pgTable(
  'analytics_errors',
  {
    websiteId: websiteId(),
    fingerprint: text('fingerprint').notNull(),
    errorType: text('error_type').notNull(),
    message: text('message').notNull(),
    exampleStack: text('example_stack').notNull(),
    count: integer('count').notNull().default(0),
    firstSeen: at('first_seen'),
    lastSeen: at('last_seen'),
    pages: text('pages').array().notNull().default([]),
    browsers: text('browsers').array().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.fingerprint] })],
);

/** Occurrences of each error group per day, so a date range can be counted. */
export const analyticsErrorDays = pgTable(
  'analytics_error_days',
  { websiteId: websiteId(), fingerprint: text('fingerprint').notNull(), day: day(), count: integer('count').notNull().default(0) },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.fingerprint] })],
);
