/**
 * npm run bench:editor: the editor's loop on PostgreSQL with two compiled server processes.
 *   - edit to preview: a 60-block page; each run changes one block's text as a draft
 *     (PUT /api/owner/drafts on server A) and reads the preview of the page (the preview cookie,
 *     on server B) until it shows the new text. Timed from the save's start to that page.
 *   - publish to served: a drafted sentence published on server A (POST /api/owner/publish),
 *     then the public page read on server B until it shows it. Timed from the publish's start.
 *   - the editor's first-load JavaScript: the dashboard's entry and the editor screen's chunk
 *     with their static imports, gzip, from the built admin (its Vite manifest), per chunk; and
 *     what a page of blocks loads beside its draft (the inspector's blocks chunk).
 * No assertions: it prints figures (p50, p95 and worst of each loop).
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BrowserClient, type HttpAnswer } from '../test/integration/support/browser-client.js';
import { createFreshDatabase, type FreshDatabase } from '../test/integration/support/fresh-database.js';
import { buildServer, REPO_ROOT, runCli, startServer, type ServerProcess } from '../test/integration/support/server-process.js';
import { percentile } from './load/stats.js';

const USAGE = `Usage: DATABASE_URL=postgres://… npm run bench:editor -- [--runs N]
       npm run bench:editor -- --sizes

Times, on two server processes sharing one PostgreSQL database: an edit of a 60-block page until
the preview shows it, and a publish until the other server serves it; prints the editor's
first-load JavaScript (gzip) per chunk from the built admin. Default 40 runs of each loop.
--sizes prints the first-load figures only (no database, no servers).`;

const OWNER_TOKEN = 'bench-editor-owner-token-0123456789abcdef';
const SITE = 'demo';
const SITE_HOST = `${SITE}.localhost`;
const ADMIN_HOST = 'admin.localhost';
const BLOCKS = 60;
const PAGE_PATH = '/about';

function parseArgs(argv: string[]): { runs: number; sizes: boolean } | undefined {
  let runs = 40;
  let sizes = false;
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--help' || argv[i] === '-h') return undefined;
    if (argv[i] === '--sizes') {
      sizes = true;
      continue;
    }
    const n = Number(argv[i + 1]);
    if (argv[i] === '--runs' && Number.isInteger(n) && n > 0) runs = n;
    else throw new Error(`Unknown or incomplete argument: ${argv[i]}\n\n${USAGE}`);
    i += 1;
  }
  return { runs, sizes };
}

/** An owner on the dashboard's origin, with the break-glass token and a genuine crumb. */
class Owner {
  private readonly client = new BrowserClient({ siteHost: ADMIN_HOST });
  constructor(private readonly port: number) {}

  async start(): Promise<void> {
    await this.client.send(this.port, 'GET', '/');
    if (!this.client.crumb) throw new Error('the dashboard issued no crumb');
  }

  async call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<HttpAnswer> {
    const answer = await this.client.send(this.port, method, path, body, { authorization: `Bearer ${OWNER_TOKEN}`, 'x-emporium-site': SITE });
    if (answer.status >= 400) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    return answer;
  }
}

const blocksWith = (marker: string, at: number) =>
  Array.from({ length: BLOCKS }, (_, i) => ({ typeName: 'html', html: `<p>${i === at ? marker : `Paragraph ${i + 1} of the long page.`}</p>` }));

async function until(read: () => Promise<HttpAnswer>, marker: string): Promise<void> {
  for (let i = 0; i < 2_000; i += 1) {
    if ((await read()).body.includes(marker)) return;
  }
  throw new Error(`"${marker}" never showed`);
}

function summary(name: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `| ${name} | ${sorted.length} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${sorted.at(-1)!.toFixed(1)} |`;
}

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** A set of built files and its gzip bytes, JavaScript and CSS, with each script's own figure. */
interface Files {
  js: number;
  css: number;
  files: number;
  chunks: { file: string; gzip: number }[];
}

/**
 * Gzip bytes of the dashboard's entry plus the editor screen's chunk and their static imports
 * (JS and CSS): what the editor needs before its first paint. Then what a page of blocks loads
 * beside its draft (the inspector's blocks, `loadInspectorBlocks`), without the files already counted.
 */
function editorFirstLoad(): { first: Files; blocks: Files } {
  const dist = join(REPO_ROOT, 'packages/admin/dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const seen = new Set<string>();
  const collect = (keys: string[]): Files => {
    const scripts: string[] = [];
    const css = new Set<string>();
    const visit = (key: string) => {
      const entry = manifest[key];
      if (!entry || seen.has(entry.file)) return;
      seen.add(entry.file);
      scripts.push(entry.file);
      for (const sheet of entry.css ?? []) css.add(sheet);
      for (const next of entry.imports ?? []) visit(next);
    };
    for (const key of keys) visit(key);
    const chunks = scripts.map((file) => ({ file, gzip: gz(file) })).sort((a, b) => b.gzip - a.gzip);
    return {
      js: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0),
      css: [...css].reduce((sum, file) => sum + gz(file), 0),
      files: scripts.length + css.size,
      chunks,
    };
  };
  const first = collect(['index.html', 'src/screens/editor/EditorScreen.tsx']);
  return { first, blocks: collect(['src/screens/editor/InspectorBlocks.tsx']) };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function printFiles(title: string, files: Files): void {
  console.log(`\n${title} (${files.files} files): JS ${kib(files.js)} gzip, CSS ${kib(files.css)} gzip`);
  for (const chunk of files.chunks) console.log(`  ${kib(chunk.gzip).padStart(9)}  ${chunk.file}`);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args === undefined) return void console.log(USAGE);
  const { runs } = args;
  const firstLoad = editorFirstLoad();
  if (args.sizes) {
    printFiles('editor first load (dashboard entry + editor chunk and their imports)', firstLoad.first);
    printFiles("then, for a page of blocks, beside its draft (the inspector's blocks)", firstLoad.blocks);
    return;
  }
  if (!process.env.DATABASE_URL) throw new Error(`bench:editor runs on PostgreSQL: set DATABASE_URL.\n\n${USAGE}`);
  await buildServer();
  let database: FreshDatabase | undefined;
  const servers: ServerProcess[] = [];
  try {
    database = await createFreshDatabase(process.env.DATABASE_URL, 'emporium_bench_editor');
    const env = { DATABASE_URL: database.url, REDIS_URL: undefined, EMPORIUM_OWNER_TOKEN: OWNER_TOKEN };
    await runCli(['seed'], { env });
    servers.push(await startServer({ env, compiled: true }), await startServer({ env, compiled: true }));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const owner = new Owner(a.port);
    await owner.start();
    const pages = (await owner.call('GET', '/api/owner/pages')).json<{ pages: { id: string; fullUrl: string }[] }>().pages;
    const page = pages.find((p) => p.fullUrl === PAGE_PATH);
    if (!page) throw new Error(`the demo store has no page at ${PAGE_PATH}`);
    const subject = `collection:${page.id}`;
    const preview = new URL((await owner.call('POST', '/api/owner/preview', { path: PAGE_PATH })).json<{ url: string }>().url);
    const token = preview.searchParams.get('token')!;
    const visitorB = new BrowserClient({ siteHost: SITE_HOST, localAddress: '127.62.0.2' });
    const previewerB = new BrowserClient({ siteHost: SITE_HOST, localAddress: '127.62.0.3' });
    previewerB.cookies.set('emporium_preview', token);

    // Edit to preview, on a page of 60 blocks.
    let version = (await owner.call('PUT', '/api/owner/drafts', { subject, value: { blocks: blocksWith('start', 0) }, baseVersion: 0 })).json<{
      version: number;
    }>().version;
    await until(() => previewerB.send(b.port, 'GET', PAGE_PATH), 'start');
    const edits: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const marker = `Edited sentence number ${run}.`;
      const started = performance.now();
      version = (await owner.call('PUT', '/api/owner/drafts', { subject, value: { blocks: blocksWith(marker, run % BLOCKS) }, baseVersion: version })).json<{
        version: number;
      }>().version;
      await until(() => previewerB.send(b.port, 'GET', PAGE_PATH), marker);
      edits.push(performance.now() - started);
    }

    // Publish on A to served by B.
    const publishes: number[] = [];
    for (let run = 0; run < Math.min(runs, 20); run += 1) {
      const marker = `Published sentence number ${run}.`;
      const base = (await owner.call('GET', `/api/owner/drafts/subject?subject=${encodeURIComponent(subject)}`)).json<{ draft: { version: number } | null }>();
      await owner.call('PUT', '/api/owner/drafts', { subject, value: { blocks: blocksWith(marker, 0) }, baseVersion: base.draft?.version ?? 0 });
      await visitorB.send(b.port, 'GET', PAGE_PATH);
      const started = performance.now();
      await owner.call('POST', '/api/owner/publish', {});
      await until(() => visitorB.send(b.port, 'GET', PAGE_PATH), marker);
      publishes.push(performance.now() - started);
    }

    console.log(`\n## bench:editor, ${new Date().toISOString()}`);
    console.log(`node ${process.version}, ${cpus().length} cores shared by client, two servers and PostgreSQL; 1-minute load ${loadavg()[0]!.toFixed(1)}.\n`);
    console.log('| loop | runs | p50 ms | p95 ms | worst ms |');
    console.log('|---|---:|---:|---:|---:|');
    console.log(summary(`edit to preview (${BLOCKS} blocks, save on A, preview on B)`, edits));
    console.log(summary('publish on A to served by B', publishes));
    printFiles('editor first load (dashboard entry + editor chunk and their imports)', firstLoad.first);
    printFiles("then, for a page of blocks, beside its draft (the inspector's blocks)", firstLoad.blocks);
  } finally {
    for (const server of servers) await server.stop();
    await database?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
