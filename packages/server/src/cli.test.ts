import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import pg from 'pg';
import { breakGlassNotice, parseArgs, runCli, UsageError } from './cli.js';
import { DATA_DIR_LOCK } from './cli-process.js';
import { LAST_ADMIN_MESSAGE, OWNER_EXISTS_MESSAGE } from './owner-accounts/index.js';

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

/** Sends a request to the server on loopback with any Host header; the status, headers and body. */
function send(
  port: number,
  host: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
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

  it.each([
    ['site', '--help'],
    ['site', '-h'],
    ['site', 'help'],
    ['owner', '--help'],
    ['owner', '-h'],
    ['owner', 'help'],
  ])('#24 answers %s %s with the help of its subcommands', async (group, flag) => {
    const { io, out } = capture(env);
    expect(await runCli([group, flag], io)).toBe(0);
    expect(out.join('\n')).toContain(`Usage: emporium ${group} <command>`);
    expect(out.join('\n')).toContain(group === 'site' ? 'site create <identifier>' : 'owner add --site S');
  });

  it('#24 answers a group without a subcommand with its help (exit 2)', async () => {
    const { io, out } = capture(env);
    expect(await runCli(['owner'], io)).toBe(2);
    expect(out.join('\n')).toContain('Usage: emporium owner <command>');
  });

  it.each([
    ['owner', 'add', '--site', '--help'],
    ['owner', 'remove', '-h', '--email'],
    ['site', 'create', '--title', '-h'],
  ])('#24 prints help when --help follows a flag that takes a value: %s %s %s %s', async (...argv) => {
    const { io, out } = capture(env);
    expect(await runCli(argv, io)).toBe(0);
    expect(out.join('\n')).toContain(`Usage: emporium ${argv[0]} ${argv[1]}`);
  });

  it('#24 never prints a break-glass token, and says how to set one', () => {
    expect(breakGlassNotice({ ownerToken: undefined })).toContain('set EMPORIUM_OWNER_TOKEN');
    const token = 'a-token-nobody-should-see-0123';
    expect(breakGlassNotice({ ownerToken: token })).not.toContain(token);
  });

  it('prints the overview for --help and exits 2 for no or unknown commands', async () => {
    const help = capture(env);
    expect(await runCli(['--help'], help.io)).toBe(0);
    expect(help.out.join('\n')).toContain('site create <identifier> --title T');
    expect(help.out.join('\n')).toContain('theme check <folder|zip>');
    expect(help.out.join('\n')).toContain('dev --theme <folder>');
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
    [
      { EMPORIUM_PUBLIC_URL: 'https://localhost/shop' },
      "EMPORIUM_PUBLIC_URL must be an http(s) origin without path, e.g. https://example.com, got 'https://localhost/shop'",
    ],
    [{ EMPORIUM_OWNER_TOKEN: 'short' }, 'EMPORIUM_OWNER_TOKEN must be at least 16 characters'],
  ])('refuses the configuration %j with exit code 2 and the message', async (bad, message) => {
    const run = capture({ ...env, ...bad });
    expect(await runCli(['site', 'list'], run.io)).toBe(2);
    expect(run.err).toEqual([message]);
  });
});

/** Runs the owner commands against one database: a PGlite folder, or a private PostgreSQL schema. */
function ownerCommandSuite(kind: 'pglite' | 'pg') {
  let dir: string;
  let env: Record<string, string | undefined>;
  let dropSchema: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'emporium-owner-cli-'));
    env = { EMPORIUM_DATA_DIR: dir, LOG_LEVEL: 'silent', DATABASE_URL: '' };
    if (kind === 'pg') {
      const schema = `cli_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      const url = new URL(process.env.DATABASE_URL!);
      url.searchParams.set('options', `-c search_path=${schema}`);
      env.DATABASE_URL = url.toString();
      dropSchema = async () => {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      };
    }
    expect(await runCli(['site', 'create', 'owned', '--title', 'Owned'], capture(env).io)).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await dropSchema?.();
    await rm(dir, { recursive: true, force: true });
  });

  const run = async (argv: string[], stdin?: string) => {
    const c = capture(env);
    const code = await runCli(argv, { ...c.io, ...(stdin === undefined ? {} : { readStdin: async () => stdin }) });
    return { code, out: c.out, err: c.err };
  };

  it('adds owners with a password from stdin or a printed one-time password, lists and removes them', async () => {
    const added = await run(
      ['owner', 'add', '--site', 'owned', '--email', 'Boss@Example.com', '--role', 'admin', '--password-stdin'],
      'a password from stdin\n',
    );
    expect(added).toMatchObject({ code: 0, err: [] });
    expect(added.out).toEqual(["Added boss@example.com as admin of 'owned'. Sign in at http://admin.localhost:3000/sites/owned/login"]);
    const once = await run(['owner', 'add', '--site', 'owned', '--email', 'clerk@example.com', '--role', 'store-manager']);
    expect(once.code).toBe(0);
    expect(once.out[1]).toMatch(/^One-time password \(must be changed at the first sign-in\): [A-Za-z0-9]{20}$/);
    const list = await run(['owner', 'list', '--site', 'owned']);
    expect(list.out).toEqual(['boss@example.com\tadmin\tnever signed in', 'clerk@example.com\tstore-manager\tmust change password']);

    expect(
      await run(['owner', 'add', '--site', 'owned', '--email', 'boss@example.com', '--role', 'viewer', '--password-stdin'], 'another long password'),
    ).toMatchObject({ code: 1, err: [OWNER_EXISTS_MESSAGE] });
    expect((await run(['owner', 'add', '--site', 'owned', '--email', 'x@example.com', '--role', 'emperor'])).err[0]).toMatch(
      /^Unknown role 'emperor'\. Roles: admin, /,
    );
    expect((await run(['owner', 'add', '--site', 'owned', '--email', 'x@example.com', '--role', 'viewer', '--password-stdin'], 'short')).code).toBe(2);
    expect((await run(['owner', 'add', '--site', 'nowhere', '--email', 'x@example.com', '--role', 'viewer'])).err).toEqual([
      "No site with identifier 'nowhere'.",
    ]);
    expect((await run(['owner', 'list'])).code).toBe(2);

    expect(await run(['owner', 'remove', '--site', 'owned', '--email', 'boss@example.com'])).toMatchObject({ code: 1, err: [LAST_ADMIN_MESSAGE] });
    expect((await run(['owner', 'remove', '--site', 'owned', '--email', 'CLERK@example.com'])).out).toEqual(['Removed clerk@example.com.']);
    expect((await run(['owner', 'remove', '--site', 'owned', '--email', 'clerk@example.com'])).code).toBe(1);
    expect((await run(['owner', 'list', '--site', 'owned'])).out).toEqual(['boss@example.com\tadmin\tnever signed in']);
  }, 120_000);

  it.each([['owner add'], ['owner list'], ['owner remove']])('prints help for %s', async (command) => {
    const help = await run([...command.split(' '), '--help']);
    expect(help.code).toBe(0);
    expect(help.out.join('\n')).toContain(`Usage: emporium ${command}`);
  });
}

describe('emporium owner commands on PGlite', () => {
  ownerCommandSuite('pglite');

  it('says plainly that a running server holds the PGlite folder, and goes ahead once it is gone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emporium-busy-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await writeFile(join(dir, DATA_DIR_LOCK), `${holder.pid}\n`);
      const c = capture({ EMPORIUM_DATA_DIR: dir, LOG_LEVEL: 'silent', DATABASE_URL: '' });
      expect(await runCli(['owner', 'list', '--site', 'demo'], c.io)).toBe(1);
      expect(c.err).toEqual([
        `The Emporium server (process ${holder.pid}) is using the database folder ${dir}. PGlite allows one process at a time: stop the server and run this command again, or use PostgreSQL (DATABASE_URL) to run both at once.`,
      ]);
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
      const after = capture({ EMPORIUM_DATA_DIR: dir, LOG_LEVEL: 'silent', DATABASE_URL: '' });
      expect(await runCli(['owner', 'list', '--site', 'demo'], after.io)).toBe(1);
      expect(after.err).toEqual(["No site with identifier 'demo'."]);
    } finally {
      holder.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.skipIf(!process.env.DATABASE_URL)('emporium owner commands on PostgreSQL', () => {
  ownerCommandSuite('pg');
});

describe('emporium serve (child process)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'emporium-serve-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('starts on an empty database, seeds, serves, survives garbage bytes, accepts the owner token without printing it (#24) and stops on SIGTERM', async () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const token = 'cli-serve-break-glass-token-0123';
    const child = spawn(process.execPath, ['--import', 'tsx', cli, 'serve', '--port', '0', '--host', '127.0.0.1'], {
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', EMPORIUM_DATA_DIR: dir, LOG_LEVEL: 'warn', EMPORIUM_OWNER_TOKEN: token },
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
      const listingAgain = await fetch(`http://127.0.0.1:${port}/`);
      expect(listingAgain.status).toBe(200);
      expect(await statusFor(port, 'nobody.example.net')).toBe(404);
      expect(await statusFor(port, `localhost:${port}`)).toBe(200);

      // #24: a fresh install prints a one-time link where the first owner chooses email and password.
      const link = /No owner yet for 'demo'\. Open this link once, within an hour[^\n]*\n\s+(\S+)/.exec(output)?.[1];
      expect(link, output).toMatch(/^http:\/\/admin\.localhost:\d+\/sites\/demo\/setup#token=[A-Za-z0-9_-]{43}$/);
      const setupToken = decodeURIComponent(link!.split('#token=')[1]!);
      const admin = `admin.localhost:${port}`;
      const page = await send(port, admin, 'GET', '/sites/demo/setup', { accept: 'text/html' });
      expect(page.status).toBe(200);
      const crumb = /crumb=([^;]+)/.exec(String(page.headers['set-cookie']))![1]!;
      const setUp = (password: string) =>
        send(
          port,
          admin,
          'POST',
          '/api/owner/setup',
          { cookie: `crumb=${crumb}`, 'x-csrf-token': crumb, 'x-emporium-site': 'demo', 'content-type': 'application/json', accept: 'application/json' },
          JSON.stringify({ token: setupToken, email: 'first@example.com', password }),
        );
      const made = await setUp('the first owner password');
      expect(made.status, made.body).toBe(200);
      expect(JSON.parse(made.body).owner).toMatchObject({ email: 'first@example.com', role: 'admin', mustChangePassword: false });
      expect(String(made.headers['set-cookie'])).toMatch(/emporium_owner_[A-Za-z0-9]+=/);
      const again = await setUp('another first password');
      expect(again.status).toBe(400);
      expect(JSON.parse(again.body).message).toBe('This link is invalid or has expired.');
      const busy = capture({ EMPORIUM_DATA_DIR: dir, LOG_LEVEL: 'silent', DATABASE_URL: '' });
      expect(await runCli(['owner', 'list', '--site', 'demo'], busy.io)).toBe(1);
      expect(busy.err[0]).toContain(`The Emporium server (process ${child.pid}) is using the database folder`);

      expect(output).toContain('Break-glass owner token: on');
      expect(output).not.toContain(token);
      const groups = '/api/site-users/account/notifications/restock/groups';
      expect(await statusFor(port, `demo.localhost:${port}`, groups, { authorization: `Bearer ${token}`, accept: 'application/json' })).toBe(200);
      expect(await statusFor(port, `demo.localhost:${port}`, groups, { authorization: 'Bearer not-the-token-of-this-run', accept: 'application/json' })).toBe(
        401,
      );
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM received, shutting down');
  }, 120_000);
});
