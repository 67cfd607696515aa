import { resolveAnalyticsId } from './analytics-id.js';
import { newRandomId, storageOf } from './browser-storage.js';
import { clearIdentifyingState, isRestrictive } from './cookie-policy.js';
import { createErrorReporter, installErrorReporter, sendErrorReports, type ErrorReporter } from './error-reporter.js';
import { applyExperimentOverrides } from './experiment-overrides.js';
import { createPageSpeedReport, navigationTimings, type PageSpeedData, type PageSpeedReport } from './page-speed.js';
import { readSessionInfo } from './session-info.js';
import { beaconOrPost, postTracked, TrackingPaths, type Transport } from './transport.js';
import { callEvent, eventContent, firstPurchaseReport, pageEvent, recordsVisit, trackEvent, type CallEntry, type VisitorEventName } from './visitor-events.js';
import { ensureVisitorCookies } from './visitor-cookies.js';
import { observeVitals } from './vitals.js';

/** How long after a newsletter form's submit its submission call counts as a sign-up (ms). */
const NEWSLETTER_WINDOW_MS = 60_000;

/** Who the visitor is to this page, as the cookie policy allows. */
interface Visit {
  win: Window;
  transport: Transport;
  analyticsId: string;
  marketingId?: string;
  sessionId?: string;
}

/** Reports a swallowed failure on the console in development builds only (spec 7: analytics failures never break a page). */
function swallowed(error: unknown): void {
  if ((import.meta as ImportMeta & { env?: { DEV?: boolean } }).env?.DEV) console.warn('analytics collector:', error);
}

/**
 * Spec 4, 6 and 9: applies the cookie policy (restrictive: the identifying cookies and keys are
 * cleared and nothing identifying is stored), then reads or makes the visitor, analytics and
 * session ids and the first-session flags, and applies experiment overrides.
 */
function beginVisit(win: Window): Visit {
  const doc = win.document;
  const nav = win.navigator;
  const local = storageOf(win, 'localStorage');
  const secure = win.location.protocol === 'https:';
  const restrictive = isRestrictive(doc.body.dataset);
  const now = Date.now();
  const warn = (message: string) => console.warn(message);
  if (restrictive) clearIdentifyingState(doc, local);
  const visitor = restrictive ? undefined : ensureVisitorCookies(doc, now, secure);
  const analyticsId = resolveAnalyticsId({ cookies: doc, local, memory: {}, now, newId: newRandomId, warn }, !restrictive, secure);
  const session = readSessionInfo({ local, session: storageOf(win, 'sessionStorage'), cookies: doc, newId: newRandomId }, !restrictive, secure);
  applyExperimentOverrides(win.location.hostname, new URLSearchParams(win.location.search), local);
  const transport: Transport = {
    fetch: win.fetch.bind(win),
    sendBeacon: typeof nav.sendBeacon === 'function' ? nav.sendBeacon.bind(nav) : undefined,
    cookies: () => doc.cookie,
    warn,
  };
  return { win, transport, analyticsId, marketingId: visitor?.marketingId, sessionId: session.sessionId };
}

/** Spec 7 and 9: uncaught errors and rejections go to RecordJavascriptErrors. */
function startErrorReporter({ win, transport }: Visit): ErrorReporter {
  const reporter = createErrorReporter({
    send: (events) => void sendErrorReports(transport, events),
    now: Date.now,
    setTimer: (fn, ms) => win.setTimeout(fn, ms),
    clearTimer: (id) => win.clearTimeout(id as number),
  });
  installErrorReporter(win, reporter);
  return reporter;
}

/**
 * Spec 7 visitor-metrics events: the page view, the page's own (product view, checkout start, purchase) at
 * once, and adds to cart and newsletter sign-ups when the storefront's calls for them succeed.
 */
function startVisitorEvents(visit: Visit): void {
  const { win, transport } = visit;
  const doc = win.document;
  const body = doc.body.dataset;
  const track = (name: VisitorEventName, objectId?: string) => {
    const content = eventContent(
      {
        ...visit,
        websiteId: body.websiteId,
        websiteLocale: doc.documentElement.lang.slice(0, 35) || undefined,
        location: win.location,
        referrer: doc.referrer,
        language: win.navigator.language,
        viewport: { width: win.innerWidth, height: win.innerHeight },
        userAgent: win.navigator.userAgent,
        now: Date.now(),
      },
      objectId,
    );
    trackEvent(transport, name, content).catch(swallowed);
  };
  // The visit itself (the owner's visitors, sessions, pages, sources and devices), on the pages whose visits are recorded.
  if (recordsVisit({ pathname: win.location.pathname, bodyClass: doc.body.className })) track('page_view');
  const atStart = pageEvent({ pathname: win.location.pathname, bodyClass: doc.body.className, itemId: body.itemId, recordType: body.recordType });
  if (atStart && (atStart.name !== 'purchase' || firstPurchaseReport(storageOf(win, 'sessionStorage'), atStart.objectId!)))
    track(atStart.name, atStart.objectId);

  let newsletterSubmittedAt = -Infinity;
  doc.addEventListener(
    'submit',
    (event) => {
      if ((event.target as Element | null)?.closest?.('.newsletter-card')) newsletterSubmittedAt = Date.now();
    },
    true,
  );
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('resource')) return;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as CallEntry[]) {
      const name = callEvent(entry, win.location.origin, Date.now() - newsletterSubmittedAt < NEWSLETTER_WINDOW_MS);
      if (name === 'newsletter_sign_up') newsletterSubmittedAt = -Infinity;
      if (name) track(name, name === 'add_to_cart' ? body.itemId : undefined);
    }
  }).observe({ type: 'resource' });
}

/** Spec 7 page_speed record: web vitals and navigation timings, sent 30 s after load or when the page is hidden. */
function startPageSpeed({ win, transport, analyticsId, marketingId }: Visit): PageSpeedReport {
  const conn = (win.navigator as Navigator & { connection?: PageSpeedData['connection'] }).connection;
  const report = createPageSpeedReport({
    pageLoadId: newRandomId(),
    now: Date.now,
    setTimer: (fn, ms) => win.setTimeout(fn, ms),
    context: () => ({
      analyticsId,
      ...(marketingId ? { marketingId } : {}),
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
    send: (records, leaving) => {
      const json = JSON.stringify(records);
      const url = TrackingPaths.PERFORMANCE_RECORDS;
      (leaving ? beaconOrPost(transport, url, json) : postTracked(transport, url, { body: json, contentType: 'text/plain' })).catch(swallowed);
    },
  });
  observeVitals(win.document, win.performance as Performance & { interactionCount?: number }, report.metric);
  const loaded = () => report.loaded();
  if (win.document.readyState === 'complete') loaded();
  else win.addEventListener('load', loaded, { once: true });
  return report;
}

/** A promise that settles in a later task of `win` (`scheduler.yield()` where the browser has it). */
function laterTask(win: Window): Promise<void> {
  const scheduler = (win as Window & { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : new Promise((resolve) => win.setTimeout(resolve, 0));
}

/**
 * Starts the collector on this page: the visit and the error reporter at once, the visitor
 * events and the page-speed record each in a later task, so that the collector adds no long
 * task to the page's load (together they took about 24 ms of main thread on a product page:
 * cookies, storage, and the viewport read forcing a layout while the page still loads).
 */
export function startCollector(win: Window): void {
  const visit = beginVisit(win);
  const reporter = startErrorReporter(visit);
  laterTask(win)
    .then(() => {
      startVisitorEvents(visit);
      return laterTask(win);
    })
    .then(() => {
      const report = startPageSpeed(visit);
      win.document.addEventListener('visibilitychange', () => {
        if (win.document.visibilityState !== 'hidden') return;
        report.hidden();
        reporter.flush();
      });
    })
    .catch(swallowed);
}

try {
  if (typeof window !== 'undefined') startCollector(window);
} catch (error) {
  swallowed(error);
}
