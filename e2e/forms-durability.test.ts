import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../packages/server/src/db/open.js';
import type { Db } from '../packages/server/src/db/types.js';
import { createForm } from '../packages/server/src/forms/index.js';
import { createWebsite } from '../packages/server/src/sites/repository.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SUBMISSIONS = 2000;
const CONCURRENCY = 16;
/** Acknowledged-submission counts after which the server is killed with SIGKILL and restarted. */
const KILL_AFTER = [400, 900, 1400];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Where the server keeps its data: a fresh PGlite directory, or a fresh PostgreSQL database when DATABASE_URL is set. */
async function prepareStorage(): Promise<{ env: Record<string, string>; open: () => Promise<Db>; cleanup: () => Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `durability_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString() },
      open: () => openDatabase({ databaseUrl: url.toString(), maxConnections: 2 }),
      cleanup: async () => {
        const drop = new pg.Client({ connectionString: baseUrl });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await drop.end();
      },
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'emporium-durability-'));
  const env: Record<string, string> = { EMPORIUM_DATA_DIR: dir, DATABASE_URL: '' };
  return { env, open: () => openDatabase({ dataDir: dir }), cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** The real server process (`cli.ts serve`), restartable. */
class ServerProcess {
  child: ChildProcess | undefined;
  constructor(
    private readonly env: Record<string, string>,
    readonly port: number,
  ) {}

  async start(): Promise<number> {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/cli.ts', 'serve', '--host', '127.0.0.1'], {
      cwd: root,
      env: { ...process.env, ...this.env, PORT: String(this.port), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Emporium listening on')) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
    });
    return performance.now() - started;
  }

  async stop(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }
}

describe('form submissions survive SIGKILL of the real server (issue 5 durability)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(`keeps every acknowledged submission exactly once across ${KILL_AFTER.length} kills (${SUBMISSIONS} submissions, concurrency ${CONCURRENCY})`, async () => {
    const phaseStart = performance.now();
    const storage = await prepareStorage();
    cleanups.push(storage.cleanup);
    const setupDb = await storage.open();
    const site = await createWebsite(setupDb, { identifier: 'durable', title: 'Durable' });
    await createForm(setupDb, site.id, {
      name: 'Durability',
      fields: [
        { id: 'marker', type: 'text', title: 'Marker', required: true },
        { id: 'email', type: 'email', title: 'Email', required: true },
      ],
    });
    await closeDatabase(setupDb);

    const port = await freePort();
    const server = new ServerProcess({ ...storage.env, EMPORIUM_FORM_RATE_MAX: '1000000', EMPORIUM_FORM_CLIENT_RATE_MAX: '1000000' }, port);
    cleanups.push(() => server.stop('SIGKILL'));
    const startTimes = [await server.start()];
    const setupSeconds = (performance.now() - phaseStart) / 1000;
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    cleanups.push(async () => agent.destroy());
    const crumb = await new Promise<string>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: '/', headers: { host: `durable.localhost:${port}`, accept: 'text/html' } }, (response) => {
        response.resume();
        const issued = ([] as string[])
          .concat(response.headers['set-cookie'] ?? [])
          .join(';')
          .match(/(?:^|;\s*)crumb=([^;]+)/)?.[1];
        if (issued) resolve(issued);
        else reject(new Error(`GET / issued no crumb (HTTP ${response.statusCode})`));
      })
        .on('error', reject)
        .end();
    });

    const post = (path: string, body?: unknown) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path,
            method: 'POST',
            agent,
            timeout: 15_000,
            headers: {
              host: `durable.localhost:${port}`,
              cookie: `crumb=${crumb}`,
              'x-csrf-token': crumb,
              accept: 'application/json',
              ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
            res.on('error', reject);
          },
        );
        req.on('timeout', () => req.destroy(new Error('timeout')));
        req.on('error', reject);
        req.end(payload);
      });

    const acked = new Set<string>();
    const failures: string[] = [];
    let fired = 0;
    let up: Promise<void> = Promise.resolve();
    let killing = false;
    const kills: number[] = [];

    const maybeKill = async () => {
      const next = KILL_AFTER[kills.length];
      if (killing || next === undefined || acked.size < next) return;
      killing = true;
      kills.push(acked.size);
      let restarted!: () => void;
      up = new Promise((resolve) => (restarted = resolve));
      await server.stop('SIGKILL');
      startTimes.push(await server.start());
      killing = false;
      restarted();
    };

    const worker = async (w: number) => {
      for (;;) {
        const n = fired++;
        if (n >= SUBMISSIONS) return;
        const marker = `w${w}-n${n}-${randomBytes(4).toString('hex')}`;
        try {
          const key = await post('/api/form/FormSubmissionKey');
          if (key.status !== 200) throw new Error(`key ${key.status} ${key.body}`);
          const saved = await post('/api/form/SaveFormSubmission', {
            form: JSON.stringify({ marker, email: 'visitor@example.com' }),
            key: (JSON.parse(key.body) as { key: string }).key,
            pageTitle: 'Durability',
            pageId: 'p',
            contentSource: 'c',
            pagePath: '/durability',
            pagePermissionTypeValue: 1,
          });
          if (saved.status === 200) acked.add(marker);
          else failures.push(`${saved.status} ${saved.body}`);
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 20));
          await up;
        }
        await maybeKill();
      }
    };

    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
    const seconds = (performance.now() - started) / 1000;
    const restartMs = startTimes.slice(1).reduce((a, b) => a + b, 0);
    agent.destroy();
    const stopStart = performance.now();
    await server.stop('SIGTERM');
    const stopSeconds = (performance.now() - stopStart) / 1000;

    const db = await storage.open();
    const result = (await db.execute(sql`SELECT data->>'marker' AS marker, count(*)::int AS n FROM form_submissions GROUP BY 1`)) as unknown as {
      rows: Array<{ marker: string; n: number }>;
    };
    await closeDatabase(db);
    const stored = new Map(result.rows.map((r) => [r.marker, Number(r.n)]));
    const missing = [...acked].filter((m) => stored.get(m) !== 1);
    const duplicated = [...stored].filter(([, n]) => n > 1);
    console.log(
      `durability: setup (migrate, site, first start) ${setupSeconds.toFixed(1)} s; ${SUBMISSIONS} fired, ${acked.size} acknowledged, ${stored.size} stored, ${kills.length} SIGKILLs at ${kills.join('/')} acks, ` +
        `${seconds.toFixed(1)} s, ${(acked.size / seconds).toFixed(0)} acknowledged submissions/s overall, ` +
        `${(acked.size / (seconds - restartMs / 1000)).toFixed(0)}/s while up, ` +
        `graceful stop ${stopSeconds.toFixed(1)} s, server start ${startTimes.map((ms) => Math.round(ms)).join('/')} ms`,
    );
    expect(failures).toEqual([]);
    expect(kills).toHaveLength(KILL_AFTER.length);
    expect(missing).toEqual([]);
    expect(duplicated).toEqual([]);
    expect(acked.size).toBeGreaterThan(SUBMISSIONS * 0.9);
  }, 240_000);
});
