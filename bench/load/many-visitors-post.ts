import { Agent, request } from 'node:http';
import { percentile, type LoadResult } from './stats.js';

/** Options of {@link runManyVisitorsPost}. */
export interface ManyVisitorsOptions {
  port: number;
  path: string;
  /** Host header (site host with port). */
  host: string;
  /** Headers sent on every request (cookies, crumb...). */
  headers: Record<string, string>;
  /** JSON body sent on every request. */
  body: unknown;
  connections: number;
  seconds: number;
  /** Requests sent from one source address before moving to the next (keep it under the per-IP limit). */
  perAddress: number;
  /** Second octet of the 127.x.y.z source range, so runs do not reuse each other's addresses. */
  range: number;
}

function sourceAddress(range: number, index: number): string {
  if (index >= 65_024) throw new Error('many-visitors: ran out of source addresses; lower the duration');
  return `127.${range}.${Math.floor(index / 254)}.${(index % 254) + 1}`;
}

/**
 * Closed-loop POST load from many loopback source addresses (127.range.y.z): each address
 * (one per concurrent loop at a time) sends at most `perAddress` requests, so a per-visitor-IP rate limit measures the handler
 * rather than the 429 path. Connections are kept alive per source address.
 */
export async function runManyVisitorsPost(options: ManyVisitorsOptions): Promise<LoadResult> {
  const payload = Buffer.from(JSON.stringify(options.body));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const headers = {
    ...options.headers,
    host: options.host,
    'content-type': 'application/json',
    'content-length': String(payload.length),
  };
  const latencies: number[] = [];
  let failures = 0;
  const statuses: Record<string, number> = {};
  let addresses = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const started = performance.now();

  const once = (localAddress: string) =>
    new Promise<number>((resolve) => {
      const req = request({ host: '127.0.0.1', port: options.port, method: 'POST', path: options.path, headers, agent, localAddress }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      });
      req.on('error', () => resolve(0));
      req.end(payload);
    });

  const loop = async () => {
    let address = sourceAddress(options.range, addresses++);
    let used = 0;
    while (performance.now() < deadline) {
      if (used === options.perAddress) {
        address = sourceAddress(options.range, addresses++);
        used = 0;
      }
      used += 1;
      const t0 = performance.now();
      const status = await once(address);
      latencies.push(performance.now() - t0);
      statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
      if (status < 200 || status > 299) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: options.connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failures, total: latencies.length, statuses };
}
