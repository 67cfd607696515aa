import { describe, expect, it } from 'vitest';
import { createPageSpeedReport, navigationTimings, PerformanceLimits, saneTimings, type PerformanceRecord } from './page-speed.js';

/** A page-speed report with hand-driven timers. */
function harness() {
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const sent: Array<{ records: PerformanceRecord[]; leaving: boolean }> = [];
  const report = createPageSpeedReport({
    pageLoadId: 'load-1',
    now: () => 42,
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    context: () => ({ hostname: 'demo.localhost', pathname: '/shop', analyticsId: 'a-1' }),
    navigation: () => ({ responseStart: 80, loadEventEnd: 400 }),
    send: (records, leaving) => sent.push({ records, leaving }),
  });
  const fire = (ms: number) => timers.filter((t) => t.ms === ms).forEach((t) => t.fn());
  return { report, sent, timers, fire };
}

describe('page speed (spec 7 and 9: report 30 s after load, metric wait up to 60 s, flushed when hidden)', () => {
  it('uses the spec delays', () => {
    expect(PerformanceLimits.REPORT_DELAY_MS).toBe(30_000);
    expect(PerformanceLimits.METRIC_WAIT_MS).toBe(60_000);
  });

  it('sends one page_speed record 30 s after load with the vitals and navigation timings', () => {
    const { report, sent, fire } = harness();
    report.metric('firstContentfulPaint', 900);
    report.metric('largestContentfulPaint', 1200);
    report.metric('cumulativeLayoutShift', 0.02);
    report.loaded();
    expect(sent).toHaveLength(0);
    fire(30_000);
    expect(sent).toEqual([
      {
        leaving: false,
        records: [
          {
            app: 'storefront',
            event: 'page_speed',
            pageLoadId: 'load-1',
            ts: 42,
            raw: true,
            data: {
              hostname: 'demo.localhost',
              pathname: '/shop',
              analyticsId: 'a-1',
              responseStart: 80,
              loadEventEnd: 400,
              firstContentfulPaint: 900,
              largestContentfulPaint: 1200,
              cumulativeLayoutShift: 0.02,
            },
          },
        ],
      },
    ]);
    fire(60_000);
    expect(sent).toHaveLength(1);
  });

  it('waits past 30 s for a missing paint metric, sending when it arrives', () => {
    const { report, sent, fire } = harness();
    report.metric('firstContentfulPaint', 900);
    report.loaded();
    fire(30_000);
    expect(sent).toHaveLength(0);
    report.metric('largestContentfulPaint', 2500);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.records[0]!.data.largestContentfulPaint).toBe(2500);
  });

  it('gives up waiting 60 s after load', () => {
    const { report, sent, fire } = harness();
    report.loaded();
    fire(30_000);
    fire(60_000);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.records[0]!.data.firstContentfulPaint).toBeUndefined();
  });

  it('sends at once, as leaving, when the page is hidden, and only once', () => {
    const { report, sent, fire } = harness();
    report.metric('interactionToNextPaint', 120);
    report.hidden();
    report.loaded();
    fire(30_000);
    fire(60_000);
    report.hidden();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.leaving).toBe(true);
    expect(sent[0]!.records[0]!.data.interactionToNextPaint).toBe(120);
  });

  it('reads the navigation timings of spec 7, leaving out phases that did not happen', () => {
    const entry = {
      loadEventStart: 500,
      loadEventEnd: 0,
      responseStart: 90,
      connectStart: 10,
      connectEnd: 40,
      secureConnectionStart: 20,
      domainLookupStart: 2,
      domainLookupEnd: 8,
      transferSize: 3000,
      encodedBodySize: 2700,
      decodedBodySize: 9000,
    };
    expect(navigationTimings(entry)).toEqual({
      loadEventStart: 500,
      responseStart: 90,
      tcp: 30,
      tls: 20,
      domainLookup: 6,
      transferSize: 3000,
      encodedBodySize: 2700,
      decodedBodySize: 9000,
    });
    expect(navigationTimings({ ...entry, secureConnectionStart: 0 }).tls).toBeUndefined();
  });

  it('drops negative, non-finite and over-an-hour timings', () => {
    expect(saneTimings({ firstContentfulPaint: -1, largestContentfulPaint: Number.NaN, loadEventEnd: 4_000_000, tcp: 5, transferSize: 5_000_000 })).toEqual({
      tcp: 5,
      transferSize: 5_000_000,
    });
  });
});
