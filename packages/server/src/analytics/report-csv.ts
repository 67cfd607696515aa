import { toCsv } from '../owner/index.js';
import type { AnalyticsReport } from './report-repository.js';

/** The report as one CSV table of (section, name, value, detail) rows, in the order of the JSON answer. */
export function reportCsv(report: AnalyticsReport): string {
  const rows: unknown[][] = [
    ['summary', 'visitors', report.visitors, ''],
    ['summary', 'sessions', report.sessions, ''],
    ['summary', 'pageViews', report.pageViews, ''],
    ['summary', 'bounceRate', report.bounceRate, ''],
    ['summary', 'orders', report.orders, ''],
    ['summary', 'revenue', report.revenue, 'minor units'],
    ...Object.entries(report.funnel).map(([step, value]) => ['funnel', step, value, '']),
    ...report.topPages.map((p) => ['top-page', p.path, p.views, p.pageType]),
    ...report.topProducts.map((p) => ['top-product', p.title || p.itemId, p.views, p.itemId]),
    ...report.referrers.map((r) => ['referrer', r.source, r.visits, `${r.pageViews} page views`]),
    ...report.devices.map((d) => ['device', d.device, d.visits, `${d.pageViews} page views`]),
    ...Object.entries(report.webVitals).flatMap(([pageType, vitals]) =>
      Object.entries(vitals).map(([metric, { p75 }]) => ['web-vital-p75', `${pageType} ${metric}`, p75 ?? '', '']),
    ),
    ...report.errors.map((e) => ['error', `${e.errorType}: ${e.message}`, e.count, `${e.firstSeen} - ${e.lastSeen}`]),
  ];
  return toCsv(['section', 'name', 'value', 'detail'], rows);
}
