import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './load/stats.js';

const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
/** Home and a product page (issue 3), a blog post and a gallery (issue 6). */
const DEFAULT_PATHS = ['/', '/shop/linen-camp-shirt', '/journal/why-we-wash-our-linen-twice', '/studio'];
const DEFAULT_RUNS = 5;
const SERVER_PORT = 3300;

const USAGE = `Usage: npm run bench:lighthouse -- [--base URL] [--runs N] [--preset mobile|desktop] [--path P]...

Runs Lighthouse (npm lighthouse, CHROME_PATH or /usr/bin/chromium) N times (default ${DEFAULT_RUNS}) on each
page with the mobile (default) or desktop preset, and prints the median score of every category,
the median FCP, LCP, TBT and CLS, and the performance score of each run.
Default pages of the demo site: ${DEFAULT_PATHS.join(', ')}
(home, a product page, a blog post and a gallery page). Each --path P (starting with /) replaces
the defaults and may be repeated. Without --base it starts a seeded server on port ${SERVER_PORT} with a
temporary data folder (own process group, stopped at the end); with --base it measures that server.`;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = { FCP: 'first-contentful-paint', LCP: 'largest-contentful-paint', TBT: 'total-blocking-time', CLS: 'cumulative-layout-shift' } as const;

interface Options {
  base: string | undefined;
  runs: number;
  preset: 'mobile' | 'desktop';
  paths: string[];
}

function parseArgs(argv: string[]): Options {
  const options: Options = { base: undefined, runs: DEFAULT_RUNS, preset: 'mobile', paths: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === '--base' && value) options.base = value.replace(/\/$/, '');
    else if (arg === '--runs' && value && /^\d+$/.test(value) && Number(value) > 0) options.runs = Number(value);
    else if (arg === '--preset' && (value === 'mobile' || value === 'desktop')) options.preset = value;
    else if (arg === '--path' && value?.startsWith('/')) options.paths.push(value);
    else throw new Error(`Unknown or incomplete argument: ${arg}\n\n${USAGE}`);
    i++;
  }
  if (options.paths.length === 0) options.paths = DEFAULT_PATHS;
  return options;
}

/** HTTP status of a GET, sent to 127.0.0.1 for `*.localhost` hosts (Node's resolver may not know them); 599 when unreachable. */
function statusOf(url: string): Promise<number> {
  const target = new URL(url);
  const local = target.hostname.endsWith('.localhost');
  return new Promise((resolve) => {
    const req = request(
      { host: local ? '127.0.0.1' : target.hostname, port: target.port || 80, path: target.pathname, headers: { host: target.host } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 599);
      },
    );
    req.on('error', () => resolve(599));
    req.setTimeout(5000, () => req.destroy());
    req.end();
  });
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    if ((await statusOf(url)) < 500) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${url} did not answer within ${timeoutMs} ms`);
}

function startServer(dataDir: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/cli.ts', 'serve'], {
    env: { ...process.env, EMPORIUM_DATA_DIR: dataDir, PORT: String(SERVER_PORT), DATABASE_URL: '' },
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

function stopServer(child: ChildProcess): void {
  if (child.pid !== undefined && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
}

interface RunResult {
  scores: Record<string, number>;
  metrics: Record<string, number>;
}

function lighthouseOnce(url: string, preset: Options['preset'], outDir: string, run: number): RunResult {
  const out = join(outDir, `run-${run}.json`);
  const args = [
    url,
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    `--chrome-flags=${CHROME_FLAGS}`,
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const result = spawnSync(join('node_modules', '.bin', 'lighthouse'), args, {
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}: ${result.stderr.slice(-2000)}`);
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
  };
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((report.categories[c]?.score ?? 0) * 100)]));
  const metrics = Object.fromEntries(Object.entries(METRICS).map(([name, id]) => [name, report.audits[id]?.numericValue ?? Number.NaN]));
  return { scores, metrics };
}

function format(name: string, value: number): string {
  if (name === 'CLS') return value.toFixed(3);
  return `${Math.round(value)} ms`;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const dataDir = options.base ? undefined : mkdtempSync(join(tmpdir(), 'emporium-lh-data-'));
  const server = dataDir ? startServer(dataDir) : undefined;
  const base = options.base ?? `http://demo.localhost:${SERVER_PORT}`;
  const outDir = mkdtempSync(join(tmpdir(), 'emporium-lh-'));
  const stop = () => {
    if (server) stopServer(server);
  };
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });
  try {
    if (server) await waitForServer(`${base}/`, server);
    console.log(`Lighthouse ${options.preset}, ${options.runs} runs a page, medians (${base})`);
    for (const path of options.paths) {
      const url = `${base}${path}`;
      const runs: RunResult[] = [];
      for (let run = 0; run < options.runs; run++) {
        try {
          runs.push(lighthouseOnce(url, options.preset, outDir, run));
        } catch (error) {
          console.error(`  run ${run + 1} failed, retrying once: ${(error as Error).message.split('\n')[0]}`);
          runs.push(lighthouseOnce(url, options.preset, outDir, run));
        }
      }
      const scores = CATEGORIES.map((c) => `${c} ${median(runs.map((r) => r.scores[c]!))}`).join(', ');
      const metrics = Object.keys(METRICS)
        .map((m) => `${m} ${format(m, median(runs.map((r) => r.metrics[m]!)))}`)
        .join(', ');
      console.log(`${path}\n  ${scores}\n  ${metrics}\n  performance per run: ${runs.map((r) => r.scores.performance).join(' ')}`);
    }
  } finally {
    stop();
    rmSync(outDir, { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
