import { describe, expect, it, vi } from 'vitest';
import { createErrorReporter, errorDataOf, ErrorReporterLimits, sendErrorReports, type ScriptErrorEvent } from './error-reporter.js';
import { applyExperimentOverrides, EXPERIMENT_OVERRIDES_KEY } from './experiment-overrides.js';
import { FakeStorage } from './test-browser.js';
import { beaconOrPost, postTracked, TRACKING_TIMEOUT_MS, TrackingPaths, type Transport } from './transport.js';

/** A transport whose fetch answers `status` and records each call. */
function transport(status: number | Error, cookies = 'crumb=tok%3D1; ss_cvr=0123456789abcdef') {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const warn = vi.fn();
  const t: Transport = {
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (status instanceof Error) throw status;
      return new Response(null, { status });
    }) as typeof fetch,
    cookies: () => cookies,
    warn,
  };
  return { t, calls, warn };
}

describe('tracking calls (spec 7: accepted only on 200 or 202)', () => {
  it.each([200, 202])('counts %i as accepted', async (status) => {
    const { t, warn } = transport(status);
    await expect(postTracked(t, '/x', { body: '{}', contentType: 'application/json' })).resolves.toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([201, 204, 400, 403, 429, 500])("warns 'Error tracking event: HTTP Status %i' (spec 8)", async (status) => {
    const { t, warn } = transport(status);
    await expect(postTracked(t, '/x', { body: '{}', contentType: 'application/json' })).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith(`Error tracking event: HTTP Status ${status}`);
  });

  it('gives up after the spec 9 analytics timeout of 2500 ms', async () => {
    expect(TRACKING_TIMEOUT_MS).toBe(2500);
    const t: Transport = {
      fetch: ((_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)))) as typeof fetch,
      cookies: () => '',
      warn: vi.fn(),
    };
    const started = performance.now();
    await expect(postTracked(t, '/x', { body: '{}', contentType: 'application/json' })).resolves.toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(2400);
    expect(t.warn).not.toHaveBeenCalled();
  });

  it('swallows network failures', async () => {
    const { t } = transport(new TypeError('Failed to fetch'));
    await expect(postTracked(t, '/x', { body: '{}', contentType: 'text/plain' })).resolves.toBe(false);
  });

  it('sends the crumb cookie in the CSRF header, with keepalive', async () => {
    const { t, calls } = transport(200);
    await postTracked(t, '/x', { body: '[]', contentType: 'text/plain' });
    expect(calls[0]!.init).toMatchObject({ method: 'POST', keepalive: true, headers: { 'content-type': 'text/plain', 'X-CSRF-Token': 'tok=1' } });
  });

  it('prefers a beacon while the page is left, and falls back to fetch when it is refused', async () => {
    const { t, calls } = transport(202);
    const beacon = vi.fn(() => true);
    await expect(beaconOrPost({ ...t, sendBeacon: beacon }, '/p', '[1]')).resolves.toBe(true);
    expect(beacon).toHaveBeenCalledWith('/p', '[1]');
    expect(calls).toHaveLength(0);
    await expect(beaconOrPost({ ...t, sendBeacon: () => false }, '/p', '[1]')).resolves.toBe(true);
    expect(calls[0]!.init.body).toBe('[1]');
  });
});

describe('error reporter (spec 9: 20 a page, 10 queued, debounced 1 s, stacks cut at 5000)', () => {
  function reporter() {
    const sent: ScriptErrorEvent[][] = [];
    let timer: (() => void) | undefined;
    const r = createErrorReporter({
      send: (batch) => sent.push(batch),
      now: () => 1000,
      setTimer: (fn, ms) => {
        expect(ms).toBe(1000);
        timer = fn;
        return fn;
      },
      clearTimer: () => {
        timer = undefined;
      },
    });
    return { r, sent, fire: () => timer?.() };
  }

  it('sends one batch 1 s after the last report', () => {
    const { r, sent, fire } = reporter();
    r.report({ message: 'a' });
    r.report({ message: 'b' });
    expect(sent).toHaveLength(0);
    fire();
    expect(sent).toEqual([
      [
        { event: 'javascript_error', data: { message: 'a' }, timestamp: 1000 },
        { event: 'javascript_error', data: { message: 'b' }, timestamp: 1000 },
      ],
    ]);
  });

  it('holds at most 10 waiting reports', () => {
    const { r, sent, fire } = reporter();
    const taken = Array.from({ length: 12 }, (_, i) => r.report({ message: `e${i}` }));
    expect(taken.filter(Boolean)).toHaveLength(ErrorReporterLimits.QUEUED);
    fire();
    expect(sent[0]).toHaveLength(10);
  });

  it('accepts at most 20 reports a page', () => {
    const { r, sent, fire } = reporter();
    let taken = 0;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 10; i++) if (r.report({ message: 'x' })) taken++;
      fire();
    }
    expect(taken).toBe(20);
    expect(sent.flat()).toHaveLength(20);
  });

  it('cuts stacks at 5000 characters', () => {
    const { r, sent } = reporter();
    r.report({ message: 'm'.repeat(1500), stack: 's'.repeat(6000), url: `https://s/${'p'.repeat(3000)}` });
    r.flush();
    expect(sent[0]![0]!.data.stack).toHaveLength(5000);
    expect(sent[0]![0]!.data.message).toHaveLength(1000);
    expect(sent[0]![0]!.data.url).toHaveLength(2048);
  });

  it('posts the batch as a JSON array to RecordJavascriptErrors with the CSRF header', async () => {
    const { t, calls } = transport(202);
    await expect(sendErrorReports(t, [{ event: 'javascript_error', data: { message: 'm' }, timestamp: 1 }])).resolves.toBe(true);
    expect(calls[0]!.url).toBe(TrackingPaths.JAVASCRIPT_ERRORS);
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual([{ event: 'javascript_error', data: { message: 'm' }, timestamp: 1 }]);
    expect(calls[0]!.init.headers).toMatchObject({ 'X-CSRF-Token': 'tok=1', 'content-type': 'application/json' });
  });

  it('describes thrown errors and unhandled rejections', () => {
    const error = new TypeError('x is undefined');
    const thrown = Object.assign(new Event('error'), {
      error,
      message: 'Uncaught TypeError: x is undefined',
      filename: 'https://s/app.js',
      lineno: 3,
      colno: 7,
    });
    expect(errorDataOf(thrown, 'https://s/p')).toEqual({
      message: 'x is undefined',
      errorType: 'TypeError',
      stack: error.stack,
      url: 'https://s/p',
      filename: 'https://s/app.js',
      lineno: 3,
      colno: 7,
    });
    const rejected = Object.assign(new Event('unhandledrejection'), { reason: 'nope' });
    expect(errorDataOf(rejected, 'https://s/p')).toEqual({ message: 'nope', errorType: 'UnhandledRejection', url: 'https://s/p' });
  });
});

describe('experiment overrides (spec 4 and 6)', () => {
  it('forces variants by query on internal or staging hosts and keeps them', () => {
    const local = new FakeStorage();
    expect(applyExperimentOverrides('demo.localhost', new URLSearchParams('experiment=checkout:b&experiment=hero:two'), local)).toEqual({
      checkout: 'b',
      hero: 'two',
    });
    expect(applyExperimentOverrides('shop.staging.example.com', new URLSearchParams(''), local)).toEqual({ checkout: 'b', hero: 'two' });
  });

  it("clears them with 'reset'", () => {
    const local = new FakeStorage();
    applyExperimentOverrides('demo.localhost', new URLSearchParams('experiment=checkout:b'), local);
    expect(applyExperimentOverrides('demo.localhost', new URLSearchParams('experiment=reset'), local)).toEqual({});
    expect(local.getItem(EXPERIMENT_OVERRIDES_KEY)).toBeNull();
  });

  it('ignores the query and stored overrides on public hosts', () => {
    const local = new FakeStorage();
    local.setItem(EXPERIMENT_OVERRIDES_KEY, JSON.stringify({ checkout: 'b' }));
    expect(applyExperimentOverrides('shop.example.com', new URLSearchParams('experiment=hero:two'), local)).toEqual({});
    expect(local.getItem(EXPERIMENT_OVERRIDES_KEY)).toBe(JSON.stringify({ checkout: 'b' }));
  });

  it('drops malformed pairs and survives blocked storage', () => {
    expect(applyExperimentOverrides('demo.localhost', new URLSearchParams('experiment=bad&experiment=a:b'), new FakeStorage(true))).toEqual({ a: 'b' });
  });
});
