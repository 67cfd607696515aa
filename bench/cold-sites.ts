import { Agent, request as httpRequest } from 'node:http';
import { percentile, rssMb } from './load/stats.js';

/** One RSS reading of the server process. */
export interface RssSample {
  /** Sites visited when it was read. */
  sites: number;
  mb: number;
}

/** What {@link visitEverySite} saw. */
export interface SiteVisits {
  visits: number;
  /** First-byte latency of every visit, ms, sorted. */
  firstByteMs: number[];
  /** Whole-response latency of every visit, ms, sorted. */
  totalMs: number[];
  statuses: Record<string, number>;
  /** `x-page-cache` answers (a first visit is a `miss`: rendered, then stored). */
  cache: Record<string, number>;
  rss: RssSample[];
  wallMs: number;
}

/** A deterministic shuffle (mulberry32 + Fisher–Yates), so two runs visit sites in the same order. */
export function shuffled<T>(values: readonly T[], seed = 20261202): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...values];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function visit(agent: Agent, port: number, host: string): Promise<{ status: number; cache: string; firstByteMs: number; totalMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/',
        agent,
        headers: { host, accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-GB,en;q=0.9' },
      },
      (res) => {
        const firstByteMs = performance.now() - started;
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, cache: String(res.headers['x-page-cache'] ?? '(none)'), firstByteMs, totalMs: performance.now() - started }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * Visits the home page of every site once, in random order, as a first-time visitor (no cookie),
 * with `concurrency` clients on keep-alive connections to 127.0.0.1 (the site in the Host
 * header: `{identifier}.localhost:{port}`). Records each visit's first-byte latency (request
 * written to response headers received) and reads the server's RSS before the first visit and
 * after every `sampleEvery` visits.
 */
export async function visitEverySite(options: {
  port: number;
  pid: number;
  identifiers: readonly string[];
  concurrency: number;
  sampleEvery: number;
  onSample?: (sample: RssSample) => void;
}): Promise<SiteVisits> {
  const order = shuffled(options.identifiers);
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const out: SiteVisits = { visits: 0, firstByteMs: [], totalMs: [], statuses: {}, cache: {}, rss: [{ sites: 0, mb: await rssMb(options.pid) }], wallMs: 0 };
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next < order.length) {
      const identifier = order[next++]!;
      const answer = await visit(agent, options.port, `${identifier}.localhost:${options.port}`);
      out.firstByteMs.push(answer.firstByteMs);
      out.totalMs.push(answer.totalMs);
      out.statuses[answer.status] = (out.statuses[answer.status] ?? 0) + 1;
      out.cache[answer.cache] = (out.cache[answer.cache] ?? 0) + 1;
      out.visits += 1;
      if (out.visits % options.sampleEvery === 0 || out.visits === order.length) {
        const sample = { sites: out.visits, mb: await rssMb(options.pid) };
        out.rss.push(sample);
        options.onSample?.(sample);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, client));
  } finally {
    agent.destroy();
  }
  out.wallMs = performance.now() - started;
  out.firstByteMs.sort((a, b) => a - b);
  out.totalMs.sort((a, b) => a - b);
  return out;
}

/** The RSS reading taken when `sites` sites had been visited (the nearest one at or after it). */
export function rssAt(samples: readonly RssSample[], sites: number): RssSample | undefined {
  return samples.find((s) => s.sites >= sites);
}

/** p50 and p99 of a sorted list. */
export function p50p99(sorted: readonly number[]): { p50: number; p99: number } {
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}
