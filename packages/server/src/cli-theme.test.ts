import { readThemeDir } from '@emporium/theme';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_THEME_DIR } from '@emporium/theme-default';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { closeDatabase, openDatabase } from './db/open.js';
import { seedDemo } from './seed/index.js';

function capture(env: Record<string, string | undefined>) {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l), env }, out, err };
}

async function writeTheme(dir: string, files: Record<string, string>): Promise<string> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

/** A copy of the default theme (a complete theme folder) named `name`. */
async function copyDefaultTheme(dir: string, name: string): Promise<string> {
  await cp(DEFAULT_THEME_DIR, dir, { recursive: true, filter: (path) => !/[/\\](src|node_modules|package\.json)$/.test(path) });
  const conf = join(dir, 'template.conf');
  await writeFile(conf, (await readFile(conf, 'utf8')).replace('"name": "Emporium"', `"name": "${name}"`));
  return dir;
}

/** A theme with an error in a region and in a stylesheet, and two warnings. */
const BROKEN_THEME = {
  'template.conf': '{\n  "name": "Broken",\n  "layouts": { "default": { "name": "Default", "regions": ["site"] } },\n  "colour": "green"\n}\n',
  'site.region': '<!doctype html>\n<html><head>{squarespace-headers}</head>\n<body>\n{squarespace.main-content}\n{website.siteTitle|nope}\n</body></html>\n',
  'styles/base.less': '.a {\n  color: @missing;\n}\n',
  'notes/todo.txt': 'later\n',
};

describe('emporium theme check', () => {
  let root: string;
  const env = { LOG_LEVEL: 'silent' };
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'emporium-theme-check-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('finds no problem in a complete theme (exit 0)', async () => {
    const dir = await copyDefaultTheme(join(root, 'good'), 'Good Looks');
    const run = capture(env);
    expect(await runCli(['theme', 'check', dir], run.io)).toBe(0);
    expect(run.out).toEqual(['No problems found in "Good Looks".']);
  });

  it('lists every problem as file:line:column, sorted by file and line, with a summary (exit 1)', async () => {
    const dir = await writeTheme(join(root, 'broken'), BROKEN_THEME);
    const run = capture(env);
    expect(await runCli(['theme', 'check', dir], run.io)).toBe(1);
    expect(run.out).toEqual([
      `${join(dir, 'notes/todo.txt')}:1:1: warning: not part of the theme format; ignored`,
      `${join(dir, 'site.region')}:5:1: error: Formatter 'nope' is unknown`,
      `${join(dir, 'styles/base.less')}:2:10: error: variable @missing is undefined`,
      `${join(dir, 'template.conf')}:4:3: warning: unknown key "colour" is ignored`,
      '2 errors, 2 warnings in "Broken".',
    ]);
  });

  it('exits 0 when a theme has warnings only', async () => {
    const dir = await writeTheme(join(root, 'warned'), {
      ...BROKEN_THEME,
      'site.region': BROKEN_THEME['site.region'].replace('|nope', ''),
      'styles/base.less': '.a { color: red; }\n',
    });
    const run = capture(env);
    expect(await runCli(['theme', 'check', dir], run.io)).toBe(0);
    expect(run.out.at(-1)).toBe('0 errors, 2 warnings in "Broken".');
  });

  it('checks a .zip file, naming the files as the archive does', async () => {
    const archive = join(root, 'broken.zip');
    await writeFile(archive, zipSync(Object.fromEntries(Object.entries(BROKEN_THEME).map(([path, text]) => [`broken/${path}`, Buffer.from(text)]))));
    const run = capture(env);
    expect(await runCli(['theme', 'check', archive], run.io)).toBe(1);
    expect(run.out).toContain("site.region:5:1: error: Formatter 'nope' is unknown");
  });

  it('refuses what cannot be read: no such path, a symbolic link, an absolute name, not a theme (exit 1)', async () => {
    const linked = await writeTheme(join(root, 'linked'), BROKEN_THEME);
    await symlink('/etc/hostname', join(linked, 'site-link.region'));
    const absolute = join(root, 'absolute.zip');
    await writeFile(absolute, zipSync({ 'template.conf': Buffer.from('{}'), '/escape.region': Buffer.from('x') }));
    const text = join(root, 'notes.txt');
    await writeFile(text, 'not a theme');
    const cases: [string, string][] = [
      [join(root, 'missing'), `Cannot read the theme at ${join(root, 'missing')}: there is no such folder or file.`],
      [linked, `Cannot read the theme at ${linked}: site-link.region is a symbolic link; a theme holds only plain files.`],
      [absolute, `Cannot read the theme at ${absolute}: The theme holds a file with a name that is not allowed: "/escape.region".`],
      [text, `Cannot read the theme at ${text}: a theme is a folder or a .zip file.`],
    ];
    for (const [path, message] of cases) {
      const run = capture(env);
      expect(await runCli(['theme', 'check', path], run.io), path).toBe(1);
      expect(run.err).toEqual([message]);
    }
  });

  it('asks for exactly one path (exit 2)', async () => {
    const run = capture(env);
    expect(await runCli(['theme', 'check'], run.io)).toBe(2);
    expect(run.err[0]).toContain('Usage: emporium theme check');
  });

  it.each([['theme check'], ['theme install'], ['theme list'], ['dev']])('prints help for %s', async (command) => {
    const run = capture(env);
    expect(await runCli([...command.split(' '), '--help'], run.io)).toBe(0);
    expect(run.out.join('\n')).toContain(`Usage: emporium ${command}`);
  });

  it.each([['--help'], ['help'], [undefined]])('answers theme %s with the help of its subcommands', async (word) => {
    const run = capture(env);
    expect(await runCli(word ? ['theme', word] : ['theme'], run.io)).toBe(word ? 0 : 2);
    expect(run.out.join('\n')).toContain('theme install <folder|zip> [--site S]');
  });
});

describe('emporium theme install and theme list', () => {
  let root: string;
  let env: Record<string, string | undefined>;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'emporium-theme-install-'));
    env = { EMPORIUM_DATA_DIR: join(root, 'data'), LOG_LEVEL: 'silent', DATABASE_URL: '' };
    expect(await runCli(['site', 'create', 'shop', '--title', 'Shop'], capture(env).io)).toBe(0);
  }, 120_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  const run = async (...argv: string[]) => {
    const c = capture(env);
    const code = await runCli(argv, c.io);
    return { code, out: c.out, err: c.err };
  };

  it('installs, leaves an unchanged theme alone, bumps the version of a changed one, selects it for a site, and lists it', async () => {
    expect((await run('theme', 'list')).out[0]).toBe('default\tEmporium\tbuilt in\t1 site: shop');

    const dir = await copyDefaultTheme(join(root, 'garden'), 'Garden Party');
    expect(await run('theme', 'install', dir)).toEqual({ code: 0, out: ['Installed "Garden Party" (garden-party) version 1.'], err: [] });
    expect((await run('theme', 'install', dir)).out).toEqual(['"Garden Party" is already installed at version 1 (no change).']);
    const archive = join(root, 'garden.zip');
    const entries: Record<string, Uint8Array> = {};
    for (const [path, body] of readThemeDir(dir)) entries[path] = new Uint8Array(body);
    await writeFile(archive, zipSync(entries));
    expect((await run('theme', 'install', archive)).out).toEqual(['"Garden Party" is already installed at version 1 (no change).']);

    await appendFile(join(dir, 'site.region'), '<!-- second version -->\n');
    expect((await run('theme', 'install', dir)).out).toEqual(['Installed "Garden Party" (garden-party) version 2.']);

    expect(await run('theme', 'install', dir, '--site', 'nowhere')).toEqual({
      code: 1,
      out: [],
      err: ["No site with identifier 'nowhere'. Nothing was installed."],
    });
    expect(await run('theme', 'install', dir, '--site', 'shop')).toEqual({
      code: 0,
      out: ['"Garden Party" is already installed at version 2 (no change).', `Site 'shop' now renders with "Garden Party".`],
      err: [],
    });
    const list = await run('theme', 'list');
    expect(list.code).toBe(0);
    expect(list.out[0]).toBe('default\tEmporium\tbuilt in\tno sites');
    expect(list.out).toContain('garden-party\tGarden Party\tinstalled, version 2\t1 site: shop');
  }, 120_000);

  it('refuses a theme with errors and changes nothing (exit 1)', async () => {
    const before = (await run('theme', 'list')).out;
    const dir = await writeTheme(join(root, 'broken'), BROKEN_THEME);
    const refused = await run('theme', 'install', dir, '--site', 'shop');
    expect(refused.code).toBe(1);
    expect(refused.out).toEqual([]);
    expect(refused.err).toContain(`${join(dir, 'site.region')}:5:1: error: Formatter 'nope' is unknown`);
    expect(refused.err.at(-1)).toBe('2 errors, 2 warnings in "Broken". Nothing was installed.');
    expect((await run('theme', 'list')).out).toEqual(before);
  }, 120_000);

  it('refuses the name of a built-in theme', async () => {
    const dir = await copyDefaultTheme(join(root, 'default-again'), 'Default');
    const refused = await run('theme', 'install', dir);
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toContain('"default" is the id of a built-in theme');
  }, 120_000);
});

/** GET on loopback with any Host header: status, the page-cache header and the body. */
function get(port: number, host: string, path = '/'): Promise<{ status: number; cache: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: res.headers['x-page-cache'] as string | undefined, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('emporium dev --theme (child process)', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'emporium-dev-'));
    // The demo content without its photos, so that the server starts in seconds.
    const db = await openDatabase({ dataDir: join(root, 'data') });
    await seedDemo(db);
    await closeDatabase(db);
  }, 120_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('serves the demo sites in the folder theme, reloads a change that compiles, keeps the last good version otherwise, stops on SIGTERM', async () => {
    const dir = await copyDefaultTheme(join(root, 'theme'), 'Work In Progress');
    const region = join(dir, 'site.region');
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', cli, 'dev', '--theme', dir, '--port', '0', '--host', '127.0.0.1'], {
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', EMPORIUM_DATA_DIR: join(root, 'data'), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const waitFor = (pattern: RegExp, from = 0): Promise<RegExpExecArray> =>
      new Promise((resolve, reject) => {
        const timer = setInterval(() => {
          const match = pattern.exec(output.slice(from));
          if (match) {
            clearInterval(timer);
            resolve(match);
          }
        }, 25);
        void exited.then(() => {
          clearInterval(timer);
          reject(new Error(`dev exited early:\n${output}`));
        });
      });
    try {
      const port = Number((await waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/))[1]);
      await waitFor(/Development server: every site renders with "Work In Progress"/);
      const host = `demo.localhost:${port}`;
      expect((await get(port, host)).status).toBe(200);
      const cached = await get(port, host);
      expect(cached.cache).toBe('hit');
      expect(cached.body).not.toContain('data-dev-reload');

      let mark = output.length;
      await writeFile(region, (await readFile(region, 'utf8')).replace('<main id="main"', '<p data-dev-reload="first"></p>\n<main id="main"'));
      await waitFor(/Reloaded "Work In Progress"\./, mark);
      const reloaded = await get(port, host);
      expect(reloaded.body).toContain('data-dev-reload="first"');
      expect(reloaded.cache).toBe('miss');

      mark = output.length;
      await appendFile(region, '{website.siteTitle|nope}\n');
      const problem = await waitFor(/(\S+site\.region):(\d+):1: error: Formatter 'nope' is unknown/, mark);
      expect(problem[1]).toBe(region);
      await waitFor(/1 error, 0 warnings in "Work In Progress"\. The last good version is still served\./, mark);
      expect((await get(port, host)).body).toContain('data-dev-reload="first"');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM received, shutting down');
  }, 120_000);

  it('does not start with a theme that has errors (exit 1, nothing opened)', async () => {
    const dir = await writeTheme(join(root, 'broken'), BROKEN_THEME);
    const run = capture({ EMPORIUM_DATA_DIR: join(root, 'never-opened'), LOG_LEVEL: 'silent', DATABASE_URL: '' });
    expect(await runCli(['dev', '--theme', dir], run.io)).toBe(1);
    expect(run.err).toContain(`${join(dir, 'site.region')}:5:1: error: Formatter 'nope' is unknown`);
    expect(run.err.at(-1)).toBe('2 errors, 2 warnings in "Broken". The development server did not start.');
    expect(existsSync(join(root, 'never-opened'))).toBe(false);
  });

  it('asks for a folder: --theme is required and a .zip file cannot be watched (exit 2)', async () => {
    const archive = join(root, 'theme.zip');
    await writeFile(archive, zipSync({ 'template.conf': Buffer.from('{}') }));
    const env = { LOG_LEVEL: 'silent' };
    const missing = capture(env);
    expect(await runCli(['dev'], missing.io)).toBe(2);
    expect(missing.err[0]).toContain('--theme is required');
    const zipped = capture(env);
    expect(await runCli(['dev', '--theme', archive], zipped.io)).toBe(2);
    expect(zipped.err[0]).toContain('--theme must name a theme folder');
  });
});
