import { resolveAnalyticsId } from './analytics-id.js';
import { newRandomId, storageOf } from './browser-storage.js';
import { clearIdentifyingState, isRestrictive } from './cookie-policy.js';
import { createErrorReporter, installErrorReporter, sendErrorReports } from './error-reporter.js';
import { applyExperimentOverrides } from './experiment-overrides.js';
import { createPageSpeedReport, navigationTimings, type PerformanceRecord } from './page-speed.js';
import { readSessionInfo } from './session-info.js';
import { beaconOrPost, postTracked, TrackingPaths, type Transport } from './transport.js';
import { observeVitals } from './vitals.js';
import { callEvent, eventContent, pageEvent, trackEvent, type CallEntry, type VisitorEventName } from './visitor-events.js';
import { ensureVisitorCookies } from './visitor-cookies.js';

/** Reports a swallowed failure on the console in development builds only (spec 7: analytics failures never break a page). */
function swallowed(error: unknown): void {
  if ((import.meta as ImportMeta & { env?: { DEV?: boolean } }).env?.DEV) console.warn('analytics collector:', error);
}

/** How long after a newsletter form's submit its submission call counts as a sign-up (ms). */
const NEWSLETTER_WINDOW_MS = 60_000;

/** Starts the collector on this page: cookies and keys, error reporter, page speed and visitor events. */
export function startCollector(win: Window): void {
  const doc = win.document;
  const nav = win.navigator;
  const body = doc.body.dataset;
  const local = storageOf(win, 'localStorage');
  const secure = win.location.protocol === 'https:';
  const restrictive = isRestrictive(body);
  const now = Date.now();
  if (restrictive) clearIdentifyingState(doc, local);
  const visitor = restrictive ? { newVisit: false } : ensureVisitorCookies(doc, now, secure);
  const analyticsId = resolveAnalyticsId({ cookies: doc, local, memory: {}, now, newId: newRandomId, warn: (m) => console.warn(m) }, !restrictive, secure);
  const session = readSessionInfo({ local, session: storageOf(win, 'sessionStorage'), cookies: doc, newId: newRandomId }, !restrictive, secure);
  applyExperimentOverrides(win.location.hostname, new URLSearchParams(win.location.search), local);

  const transport: Transport = {
    fetch: win.fetch.bind(win),
    sendBeacon: typeof nav.sendBeacon === 'function' ? nav.sendBeacon.bind(nav) : undefined,
    cookies: () => doc.cookie,
    warn: (m) => console.warn(m),
  };

  const reporter = createErrorReporter({
    send: (events) => void sendErrorReports(transport, events),
    now: Date.now,
    setTimer: (fn, ms) => win.setTimeout(fn, ms),
    clearTimer: (id) => win.clearTimeout(id as number),
  });
  installErrorReporter(win, reporter);

  const track = (name: VisitorEventName, objectId?: string) => {
    const content = eventContent(
      {
        analyticsId,
        marketingId: visitor.marketingId,
        sessionId: session.sessionId,
        websiteId: body.websiteId,
        websiteLocale: doc.documentElement.lang || undefined,
        location: win.location,
        referrer: doc.referrer,
        language: nav.language,
        viewport: { width: win.innerWidth, height: win.innerHeight },
        userAgent: nav.userAgent,
        now: Date.now(),
      },
      objectId,
    );
    trackEvent(transport, name, content).catch(swallowed);
  };
  const atStart = pageEvent({ pathname: win.location.pathname, bodyClass: doc.body.className, itemId: body.itemId, recordType: body.recordType });
  if (atStart) track(atStart.name, atStart.objectId);

  let newsletterSubmittedAt = -Infinity;
  doc.addEventListener('submit', (event) => {
    if ((event.target as Element | null)?.closest?.('.newsletter-card')) newsletterSubmittedAt = Date.now();
  }, true);
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('resource')) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as CallEntry[]) {
        const name = callEvent(entry, win.location.origin, Date.now() - newsletterSubmittedAt < NEWSLETTER_WINDOW_MS);
        if (name === 'newsletter_sign_up') newsletterSubmittedAt = -Infinity;
        if (name) track(name, name === 'add_to_cart' ? body.itemId : undefined);
      }
    }).observe({ type: 'resource' });
  }

  const conn = (nav as Navigator & { connection?: { effectiveType?: string; rtt?: number; downlink?: number; saveData?: boolean } }).connection;
  const report = createPageSpeedReport({
    pageLoadId: newRandomId(),
    now: Date.now,
    setTimer: (fn, ms) => win.setTimeout(fn, ms),
    context: () => ({
      analyticsId,
      ...(visitor.marketingId ? { marketingId: visitor.marketingId } : {}),
      ...(conn ? { connection: { effectiveType: conn.effectiveType, rtt: conn.rtt, downlink: conn.downlink, saveData: conn.saveData } } : {}),
      screenWidth: win.screen.width,
      screenHeight: win.screen.height,
      viewportWidth: win.innerWidth,
      viewportHeight: win.innerHeight,
      ...(win.location.hash ? { hash: win.location.hash.slice(0, 200) } : {}),
      hostname: win.location.hostname,
      pathname: win.location.pathname.slice(0, 2048),
    }),
    navigation: () => {
      const entry = win.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return entry ? navigationTimings(entry) : {};
    },
    send: (records: PerformanceRecord[], leaving) => {
      const json = JSON.stringify(records);
      const sent = leaving ? beaconOrPost(transport, TrackingPaths.PERFORMANCE_RECORDS, json) : postTracked(transport, TrackingPaths.PERFORMANCE_RECORDS, { body: json, contentType: 'text/plain' });
      sent.catch(swallowed);
    },
  });
  observeVitals(doc, win.performance as Performance & { interactionCount?: number }, report.metric);
  const onLoad = () => report.loaded();
  if (doc.readyState === 'complete') onLoad();
  else win.addEventListener('load', onLoad, { once: true });
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState !== 'hidden') return;
    report.hidden();
    reporter.flush();
  });
}

try {
  if (typeof window !== 'undefined') startCollector(window);
} catch (error) {
  swallowed(error);
}
