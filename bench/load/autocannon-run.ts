import autocannon from 'autocannon';
import type { LoadResult } from './stats.js';

/** One autocannon target. */
export interface HttpTarget {
  /** Full URL to connect to (127.0.0.1 and the port; the site goes in the Host header). */
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** Runs autocannon against one target and returns its figures (latency in ms). */
export async function runAutocannon(target: HttpTarget, options: { connections: number; seconds: number }): Promise<LoadResult> {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: options.connections,
    duration: options.seconds,
  });
  const total = result.requests.total;
  return {
    rps: total / (result.duration || options.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    total,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count])),
  };
}
