/** Spec 9 performance constants. */
export const PerformanceLimits = Object.freeze({
  /** The page_speed record leaves this long after load (ms)... */
  REPORT_DELAY_MS: 30_000,
  /** ...or, while a paint metric is still missing, when it arrives, but never later than this after load (ms). */
  METRIC_WAIT_MS: 60_000,
  /** Largest timing the records accept (ms). */
  MAX_MS: 3_600_000,
});

/** App name of the storefront's performance records. */
export const PERFORMANCE_APP = 'storefront';

/** The timings of spec 7 a page_speed record carries (ms; CLS unitless; sizes in bytes). */
export interface PageTimings {
  firstContentfulPaint?: number;
  firstInputDelay?: number;
  largestContentfulPaint?: number;
  cumulativeLayoutShift?: number;
  interactionToNextPaint?: number;
  loadEventStart?: number;
  loadEventEnd?: number;
  responseStart?: number;
  tcp?: number;
  tls?: number;
  domainLookup?: number;
  encodedBodySize?: number;
  decodedBodySize?: number;
  transferSize?: number;
}

/** Spec 7 page_speed data: who and where, then the timings. */
export interface PageSpeedData extends PageTimings {
  analyticsId?: string;
  marketingId?: string;
  connection?: { effectiveType?: string; rtt?: number; downlink?: number; saveData?: boolean };
  screenWidth?: number;
  screenHeight?: number;
  viewportWidth?: number;
  viewportHeight?: number;
  hash?: string;
  hostname: string;
  pathname: string;
}

/** One element of the POST /api/1/performance/records array (spec 7). */
export interface PerformanceRecord {
  app: string;
  event: 'page_speed';
  data: PageSpeedData;
  pageLoadId: string;
  ts: number;
  /** The timings are as the browser gave them (no sampling or rounding). */
  raw: boolean;
}

/** The navigation entry fields read into {@link PageTimings}. */
export type NavigationFields = Pick<
  PerformanceNavigationTiming,
  | 'loadEventStart'
  | 'loadEventEnd'
  | 'responseStart'
  | 'connectStart'
  | 'connectEnd'
  | 'secureConnectionStart'
  | 'domainLookupStart'
  | 'domainLookupEnd'
  | 'transferSize'
  | 'encodedBodySize'
  | 'decodedBodySize'
>;

/** Spec 7 navigation timings of one navigation entry; phases that have not happened (0) are left out. */
export function navigationTimings(entry: NavigationFields): PageTimings {
  const t: PageTimings = {
    tcp: entry.connectEnd - entry.connectStart,
    domainLookup: entry.domainLookupEnd - entry.domainLookupStart,
    transferSize: entry.transferSize,
    encodedBodySize: entry.encodedBodySize,
    decodedBodySize: entry.decodedBodySize,
  };
  if (entry.loadEventStart > 0) t.loadEventStart = entry.loadEventStart;
  if (entry.loadEventEnd > 0) t.loadEventEnd = entry.loadEventEnd;
  if (entry.responseStart > 0) t.responseStart = entry.responseStart;
  if (entry.secureConnectionStart > 0) t.tls = entry.connectEnd - entry.secureConnectionStart;
  return t;
}

/** Drops timings the browser gave as negative, non-finite or beyond an hour. */
export function saneTimings(t: PageTimings): PageTimings {
  const out: PageTimings = {};
  for (const [key, value] of Object.entries(t) as Array<[keyof PageTimings, number | undefined]>) {
    const limit = /Size$/.test(key) ? Number.MAX_SAFE_INTEGER : PerformanceLimits.MAX_MS;
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= limit) out[key] = value;
  }
  return out;
}

/** What the page-speed report needs from the page. */
export interface PageSpeedDeps {
  pageLoadId: string;
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  /** Who and where, read when the record is built. */
  context: () => Omit<PageSpeedData, keyof PageTimings>;
  /** The navigation timings, read when the record is built. */
  navigation: () => PageTimings;
  /** Sends the record; `leaving` when the page is being hidden (a beacon then). */
  send: (records: PerformanceRecord[], leaving: boolean) => void;
}

/** A page's page_speed record, filled by the metric callbacks and sent once. */
export interface PageSpeedReport {
  /** A web vital or other timing as the browser reports it (later values replace earlier ones). */
  metric(name: keyof PageTimings, value: number): void;
  /** The page's load event: starts the 30 s report delay and the 60 s metric wait. */
  loaded(): void;
  /** The page is being hidden: the record leaves now with what is known. */
  hidden(): void;
}

const PAINTS: ReadonlyArray<keyof PageTimings> = ['firstContentfulPaint', 'largestContentfulPaint'];

/**
 * Spec 7 and 9: one page_speed record per page load, sent 30 s after load when the paint
 * metrics are known, else as soon as they are, but no later than 60 s after load; and at once
 * when the page is hidden. Later metric changes are not sent again.
 */
export function createPageSpeedReport(deps: PageSpeedDeps): PageSpeedReport {
  const timings: PageTimings = {};
  let sent = false;
  let due = false;
  const send = (leaving: boolean) => {
    if (sent) return;
    sent = true;
    const data: PageSpeedData = { ...deps.context(), ...saneTimings({ ...deps.navigation(), ...timings }) };
    deps.send([{ app: PERFORMANCE_APP, event: 'page_speed', data, pageLoadId: deps.pageLoadId, ts: deps.now(), raw: true }], leaving);
  };
  const ready = () => PAINTS.every((name) => timings[name] !== undefined);
  return {
    metric(name, value) {
      timings[name] = value;
      if (due && ready()) send(false);
    },
    loaded() {
      deps.setTimer(() => {
        due = true;
        if (ready()) send(false);
      }, PerformanceLimits.REPORT_DELAY_MS);
      deps.setTimer(() => send(false), PerformanceLimits.METRIC_WAIT_MS);
    },
    hidden() {
      send(true);
    },
  };
}
