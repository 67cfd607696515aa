/**
 * Web vitals read straight from the browser's performance observers, following the definitions
 * web-vitals uses (FCP, LCP and CLS only while the page has not been hidden; CLS as the largest
 * session window of shifts less than 1 s apart within 5 s; INP as the 98th-percentile
 * interaction, approximated from the ten longest). The web-vitals package would cost 3.1 KB
 * gzip for these four metrics, more than half of the collector's 6 KB budget, leaving too little
 * for the cookies, events and error reporter; these observers cost about 0.6 KB.
 */
import type { PageTimings } from './page-speed.js';

/** Where measured values go (a later value replaces an earlier one). */
export type VitalSink = (name: keyof PageTimings, value: number) => void;

/** One layout-shift entry as the collector reads it. */
export interface ShiftEntry {
  value: number;
  startTime: number;
  hadRecentInput: boolean;
}

/** Cumulative layout shift: the largest session window (gaps under 1 s, at most 5 s long) of shifts not caused by input. */
export function createClsMeter(): (entry: ShiftEntry) => number {
  let session = 0;
  let first = 0;
  let last = 0;
  let largest = 0;
  return (entry) => {
    if (entry.hadRecentInput) return largest;
    if (session > 0 && entry.startTime - last < 1000 && entry.startTime - first < 5000) session += entry.value;
    else {
      session = entry.value;
      first = entry.startTime;
    }
    last = entry.startTime;
    largest = Math.max(largest, session);
    return largest;
  };
}

/** One event-timing entry as the collector reads it. */
export interface InteractionEntry {
  interactionId?: number;
  duration: number;
}

/**
 * Interaction to next paint: each interaction counts with its longest event; the answer is the
 * longest interaction, skipping one for every 50 interactions (the 98th percentile). Undefined
 * until an interaction happened.
 */
export function createInpMeter(): (entry: InteractionEntry, interactionCount?: number) => number | undefined {
  const longest = new Map<number, number>();
  return (entry, interactionCount) => {
    const id = entry.interactionId;
    if (id) longest.set(id, Math.max(longest.get(id) ?? 0, entry.duration));
    const sorted = [...longest.values()].sort((a, b) => b - a);
    if (sorted.length === 0) return undefined;
    const skip = Math.floor((interactionCount ?? longest.size) / 50);
    return sorted[Math.min(skip, sorted.length - 1)];
  };
}

type Observed = PerformanceEntry & Partial<ShiftEntry & InteractionEntry & { processingStart: number }>;

/** Observes one entry type (buffered entries first); false when the browser lacks it. */
function observe(type: string, fn: (entries: Observed[]) => void, options: Record<string, unknown> = {}): boolean {
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes(type)) return false;
  new PerformanceObserver((list) => fn(list.getEntries() as Observed[])).observe({ type, buffered: true, ...options });
  return true;
}

/**
 * Feeds FCP, LCP, CLS, INP and FID to `sink` as the browser reports them, where it has them.
 * Paint and layout metrics stop once the page has been hidden.
 */
export function observeVitals(doc: Pick<Document, 'visibilityState' | 'addEventListener'>, perf: { interactionCount?: number }, sink: VitalSink): void {
  let hiddenAt = doc.visibilityState === 'hidden' ? 0 : Infinity;
  doc.addEventListener(
    'visibilitychange',
    (event) => {
      if (doc.visibilityState === 'hidden') hiddenAt = Math.min(hiddenAt, event.timeStamp);
    },
    true,
  );
  const visible = (e: PerformanceEntry) => e.startTime < hiddenAt;
  observe('paint', (entries) => {
    for (const e of entries) if (e.name === 'first-contentful-paint' && visible(e)) sink('firstContentfulPaint', e.startTime);
  });
  observe('largest-contentful-paint', (entries) => {
    const e = entries.filter(visible).at(-1);
    if (e) sink('largestContentfulPaint', e.startTime);
  });
  const cls = createClsMeter();
  if (
    observe('layout-shift', (entries) => {
      for (const e of entries) if (visible(e)) sink('cumulativeLayoutShift', cls(e as Observed & ShiftEntry));
    })
  )
    sink('cumulativeLayoutShift', 0);
  const inp = createInpMeter();
  const interactions = (entries: Observed[]) => {
    for (const e of entries) {
      const value = inp(e, perf.interactionCount);
      if (value !== undefined) sink('interactionToNextPaint', value);
    }
  };
  observe('event', interactions, { durationThreshold: 40 });
  observe('first-input', (entries) => {
    const first = entries[0];
    if (first?.processingStart !== undefined) sink('firstInputDelay', first.processingStart - first.startTime);
    interactions(entries);
  });
}
