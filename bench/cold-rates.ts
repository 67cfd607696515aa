import { request as httpRequest } from 'node:http';
import autocannon from 'autocannon';
import type { LoadResult } from './load/stats.js';

/** One GET measured against the server: a fixed path, or a path that changes per request. */
export interface RateCase {
  key: 'cached' | 'foreign' | 'uncached' | 'cachedJson' | 'uncachedJson' | 'missAndStore';
  label: string;
  /** The path of request `n` (n counts from 1). */
  path: (n: number) => string;
  headers: Record<string, string>;
  /** The `x-page-cache` answer this case is meant to get once the page is stored. */
  expected: 'hit' | 'miss' | 'bypass';
}

/** A case's figures with what its probe saw. */
export interface RateResult extends LoadResult {
  /** `x-page-cache` of the probe request sent just before the run. */
  probe: string;
}

/** What autocannon accepts beyond the options its local declaration names. */
interface RequestOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  duration: number;
  requests: { setupRequest: (request: { path: string }) => { path: string } }[];
}

type Autocannon = (options: RequestOptions) => ReturnType<typeof autocannon>;

/** Requests built so far, across runs: a path made from it (`?v=<counter>`) is never asked twice, warm-ups included. */
let requestCounter = 0;

/** GETs `path` once and gives its status and `x-page-cache` header (the body is read and dropped). */
export function probe(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; cache: string; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, cache: String(res.headers['x-page-cache'] ?? '(none)'), setCookie: res.headers['set-cookie'] ?? [] }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Runs autocannon against one case: `connections` keep-alive connections for `seconds`, each
 * request built from the case's path of the next counter value. Probes the case twice first and
 * reports what the second probe's `x-page-cache` said: for a fixed path, once the first probe may
 * have stored the page; for a changing path, of a path never asked before.
 */
export async function measureCase(port: number, rate: RateCase, settings: { connections: number; seconds: number }): Promise<RateResult> {
  await probe(port, rate.path(++requestCounter), rate.headers);
  const seen = await probe(port, rate.path(++requestCounter), rate.headers);
  const result = await (autocannon as unknown as Autocannon)({
    url: `http://127.0.0.1:${port}`,
    headers: rate.headers,
    connections: settings.connections,
    duration: settings.seconds,
    requests: [
      {
        setupRequest: (request) => {
          request.path = rate.path(++requestCounter);
          return request;
        },
      },
    ],
  });
  const total = result.requests.total;
  return {
    probe: seen.status === 200 ? seen.cache : `HTTP ${seen.status}`,
    rps: total / (result.duration || settings.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    total,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count])),
  };
}

/** Cookies an owner's analytics and ads tags set in a visitor's browser (they never change a page). */
export const FOREIGN_COOKIES = '_ga=GA1.1.1234567890.1764000000; _gid=GA1.1.987654321.1764000000; _fbp=fb.1.1764000000000.1234567890';
/** A significant cookie (`ss_unlock_*`, a password grant of no collection): the page cache is bypassed and the page rendered. */
export const BYPASS_COOKIE = 'ss_unlock_x=1';

/**
 * The product-page cases: cached for a visitor with the crumb only and with foreign cookies,
 * uncached HTML and JSON (bypassed through {@link BYPASS_COOKIE}), the cached JSON, and last,
 * because it fills the page cache with pages nobody asks for again, a unique query per request
 * (a miss that is rendered, compressed and stored).
 */
export function productCases(host: string, crumb: string, product: string): RateCase[] {
  const html = { host, accept: 'text/html' };
  const json = { host, accept: 'application/json' };
  const crumbOnly = `crumb=${crumb}`;
  const fixed = (p: string) => () => p;
  return [
    { key: 'cached', label: 'cached, crumb cookie only', path: fixed(product), headers: { ...html, cookie: crumbOnly }, expected: 'hit' },
    {
      key: 'foreign',
      label: 'cached, crumb + _ga, _gid, _fbp',
      path: fixed(product),
      headers: { ...html, cookie: `${crumbOnly}; ${FOREIGN_COOKIES}` },
      expected: 'hit',
    },
    {
      key: 'uncached',
      label: `uncached (cookie ${BYPASS_COOKIE})`,
      path: fixed(product),
      headers: { ...html, cookie: `${crumbOnly}; ${BYPASS_COOKIE}` },
      expected: 'bypass',
    },
    { key: 'cachedJson', label: 'cached JSON ?format=json', path: fixed(`${product}?format=json`), headers: { ...json, cookie: crumbOnly }, expected: 'hit' },
    {
      key: 'uncachedJson',
      label: `uncached JSON ?format=json (cookie ${BYPASS_COOKIE})`,
      path: fixed(`${product}?format=json`),
      headers: { ...json, cookie: `${crumbOnly}; ${BYPASS_COOKIE}` },
      expected: 'bypass',
    },
    { key: 'missAndStore', label: 'miss and store, ?v=<counter>', path: (n) => `${product}?v=${n}`, headers: { ...html, cookie: crumbOnly }, expected: 'miss' },
  ];
}
