import { toCsv } from '../csv/index.js';
import type { AnalyticsReport } from './report-repository.js';

/** The report as one CSV table of (section, name, value, detail) rows, in the order of the JSON answer. */
export function reportCsv(report: AnalyticsReport, currency: string): string {
  const rows: unknown[][] = [
    ['summary', 'visitors', report.visitors, ''],
    ['summary', 'sessions', report.sessions, ''],
    ['summary', 'pageViews', report.pageViews, ''],
    ['summary', 'bounceRate', report.bounceRate, ''],
    ['summary', 'timeOnSite', report.timeOnSite, 'seconds'],
    ['summary', 'orders', report.orders, ''],
    ['summary', 'revenue', report.revenue, `minor units of ${currency}`],
    ...Object.entries(report.funnel).map(([step, value]) => ['funnel', step, value, '']),
    ...report.topPages.map((p) => ['top-page', p.path, p.views, p.pageType]),
    ...report.topProducts.map((p) => ['top-product', p.title || p.itemId, p.views, p.itemId]),
    ...report.referrers.map((r) => ['referrer', r.source, r.visits, `${r.pageViews} page views`]),
    ...report.campaigns.map((c) => ['campaign', c.campaign || '(none)', c.visits, `source ${c.source || '(none)'}, medium ${c.medium || '(none)'}`]),
    ...report.devices.map((d) => ['device', d.device, d.visits, `${d.pageViews} page views`]),
    ...report.browsers.map((b) => ['browser', b.browser, b.visits, `${b.pageViews} page views`]),
    ...Object.entries(report.webVitals).flatMap(([pageType, vitals]) =>
      Object.entries(vitals).map(([metric, { p75 }]) => ['web-vital-p75', `${pageType} ${metric}`, p75 ?? '', '']),
    ),
    ...report.errors.map((e) => ['error', `${e.errorType}: ${e.message}`, e.count, `${e.firstSeen} - ${e.lastSeen}`]),
    ...report.days.map((d) => ['day', d.day, d.pageViews, `${d.visitors} visitors, ${d.sessions} sessions, ${d.orders} orders, ${d.revenue} revenue`]),
  ];
  return toCsv(['section', 'name', 'value', 'detail'], rows);
}
