import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs, runCli, UsageError } from './cli.js';

function statusFor(port: number, host: string, path = '/', headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host, ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

function capture(env: Record<string, string | undefined>) {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l), env }, out, err };
}

describe('parseArgs', () => {
  it('reads positionals, repeated flags, --name=value and --help', () => {
    const args = parseArgs(['shop', '--title', 'My Shop', '--domain=a.example', '--domain', 'b.example', '--help'], new Set(['title', 'domain']));
    expect(args.positionals).toEqual(['shop']);
    expect(args.flags.get('domain')).toEqual(['a.example', 'b.example']);
    expect(args.flags.get('title')).toEqual(['My Shop']);
    expect(args.help).toBe(true);
  });

  it('refuses unknown options and missing values', () => {
    expect(() => parseArgs(['--nope', '1'], new Set())).toThrow(UsageError);
    expect(() => parseArgs(['--title'], new Set(['title']))).toThrow(/needs a value/);
    expect(() => parseArgs(['--title', '--domain', 'x'], new Set(['title', 'domain']))).toThrow(/needs a value/);
  });
});

describe('emporium CLI commands', () => {
  let dir: string;
  let env: Record<string, string | undefined>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'emporium-cli-'));
    env = { EMPORIUM_DATA_DIR: dir, LOG_LEVEL: 'silent' };
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each([['serve'], ['seed'], ['site create'], ['site list']])('prints help for %s', async (command) => {
    const { io, out } = capture(env);
    expect(await runCli([...command.split(' '), '--help'], io)).toBe(0);
    expect(out.join('\n')).toContain(`Usage: emporium ${command}`);
  });

  it('prints the overview for --help and exits 2 for no or unknown commands', async () => {
    const help = capture(env);
    expect(await runCli(['--help'], help.io)).toBe(0);
    expect(help.out.join('\n')).toContain('site create <identifier> --title T');
    expect(await runCli([], capture(env).io)).toBe(2);
    const unknown = capture(env);
    expect(await runCli(['site', 'delete'], unknown.io)).toBe(2);
    expect(unknown.err.join('\n')).toContain("Unknown command 'site delete'");
  });

  it('creates and lists sites, and reports bad input with exit codes 1 and 2', async () => {
    const created = capture(env);
    expect(await runCli(['site', 'create', 'corner-shop', '--title', 'Corner Shop', '--domain', 'corner.example'], created.io)).toBe(0);
    expect(created.out[0]).toMatch(/^Created site 'corner-shop' \([0-9a-f]{32}\): http:\/\/corner-shop\.localhost:3000\/$/);
    const duplicate = capture(env);
    expect(await runCli(['site', 'create', 'corner-shop', '--title', 'Again'], duplicate.io)).toBe(1);
    expect(duplicate.err[0]).toBe("A site with identifier 'corner-shop' already exists.");
    const invalid = capture(env);
    expect(await runCli(['site', 'create', 'Bad_Name', '--title', 'x'], invalid.io)).toBe(1);
    expect(invalid.err[0]).toContain('must be 1-63 lower-case letters');
    const noTitle = capture(env);
    expect(await runCli(['site', 'create', 'x'], noTitle.io)).toBe(2);
    expect(noTitle.err[0]).toContain('--title is required');
    const list = capture({ ...env, PORT: '4000' });
    expect(await runCli(['site', 'list'], list.io)).toBe(0);
    expect(list.out).toEqual(['corner-shop\tCorner Shop\thttp://corner-shop.localhost:4000/  [corner.example]']);
    const publicList = capture({ ...env, PORT: '4000', EMPORIUM_PUBLIC_URL: 'https://localhost' });
    expect(await runCli(['site', 'list'], publicList.io)).toBe(0);
    expect(publicList.out).toEqual(['corner-shop\tCorner Shop\thttps://corner-shop.localhost/  [corner.example]']);
  }, 120_000);

  it.each([
    [{ PORT: 'abc' }, "PORT must be an integer, got 'abc'"],
    [{ EMPORIUM_PUBLIC_URL: 'https://localhost/shop' }, "EMPORIUM_PUBLIC_URL must be an http(s) origin without path, e.g. https://example.com, got 'https://localhost/shop'"],
    [{ EMPORIUM_OWNER_TOKEN: 'short' }, 'EMPORIUM_OWNER_TOKEN must be at least 16 characters'],
  ])('refuses the configuration %j with exit code 2 and the message', async (bad, message) => {
    const run = capture({ ...env, ...bad });
    expect(await runCli(['site', 'list'], run.io)).toBe(2);
    expect(run.err).toEqual([message]);
  });
});

describe('emporium serve (child process)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'emporium-serve-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('starts on an empty database, seeds, serves, survives garbage bytes, accepts the owner token it printed and stops on SIGTERM', async () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', cli, 'serve', '--port', '0', '--host', '127.0.0.1'], {
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', EMPORIUM_DATA_DIR: dir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setInterval(() => {
          const match = /listening on http:\/\/127\.0\.0\.1:(\d+) \(started in (\d+) ms/.exec(output);
          if (match) {
            clearInterval(timer);
            resolve(Number(match[1]));
          }
        }, 50);
        void exited.then(() => reject(new Error(`serve exited early:\n${output}`)));
      });
      const startupMs = Number(/started in (\d+) ms/.exec(output)![1]);
      expect(startupMs).toBeLessThan(60_000);

      const listing = await fetch(`http://127.0.0.1:${port}/`);
      expect(listing.status).toBe(200);
      const html = await listing.text();
      expect(html).toContain('Emporium sites');
      expect(html).not.toContain('There are no sites yet');

      await new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => socket.end('\x00\xffGARBAGE / HTTP/9.9\r\nHost: \r\n\r\n'));
        socket.on('data', () => {});
        socket.on('close', () => resolve());
        socket.on('error', () => resolve());
      });
      const again = await fetch(`http://127.0.0.1:${port}/`);
      expect(again.status).toBe(200);
      expect(await statusFor(port, 'nobody.example.net')).toBe(404);
      expect(await statusFor(port, `localhost:${port}`)).toBe(200);

      const token = /this run's owner token is (\S+) /.exec(output)?.[1];
      expect(token).toBeDefined();
      const groups = '/api/site-users/account/notifications/restock/groups';
      expect(await statusFor(port, `demo.localhost:${port}`, groups, { authorization: `Bearer ${token}`, accept: 'application/json' })).toBe(200);
      expect(await statusFor(port, `demo.localhost:${port}`, groups, { authorization: 'Bearer not-the-token-of-this-run', accept: 'application/json' })).toBe(401);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM received, shutting down');
  }, 120_000);
});
