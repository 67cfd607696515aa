import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { closeDatabase, openDatabase } from './db/open.js';
import type { Db } from './db/types.js';
import { AppError } from './errors/index.js';
import { siteOrigin } from './seo/index.js';
import { seedDemo } from './seed/index.js';
import { countWebsites, listWebsites } from './sites/repository.js';
import { createStarterSite } from './sites/starter-site.js';

/** Where the CLI writes; replaceable in tests. */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
}

/** Raised for wrong command-line usage (exit code 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

const HELP: Readonly<Record<string, string>> = {
  main: `Usage: emporium <command> [options]

Commands:
  serve [--port N] [--host H]   Start the web server (seeds the demo site into an empty database)
  seed                          Add the demo site(s) to the database
  site create <identifier> --title T [--domain D]...
                                Create a site, served at http://<identifier>.localhost:PORT/
  site list                     List sites

Environment: PORT, HOST, DATABASE_URL (PostgreSQL; else PGlite in EMPORIUM_DATA_DIR, default ./data),
REDIS_URL, LOG_LEVEL, EMPORIUM_PUBLIC_URL and more (see README, Configuration).
Run 'emporium <command> --help' for details.`,
  serve: `Usage: emporium serve [--port N] [--host H]

Opens the database, applies migrations, seeds the demo site when there are no sites, and listens
on PORT (default 3000). Sites are served at http://<identifier>.localhost:PORT/; the site list is at
http://localhost:PORT/.`,
  seed: `Usage: emporium seed

Adds the demo content to the database (applies migrations first).`,
  'site create': `Usage: emporium site create <identifier> --title T [--domain D]...

Creates a site with a starter home page. <identifier> is 1-63 lower-case letters, digits or inner hyphens; each --domain maps
a custom domain to the site.`,
  'site list': `Usage: emporium site list

Lists every site with its URL and custom domains.`,
};

interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string[]>;
  help: boolean;
}

/** Splits arguments into positionals and `--name value` / `--name=value` flags. */
export function parseArgs(argv: string[], valueFlags: ReadonlySet<string>): ParsedArgs {
  const parsed: ParsedArgs = { positionals: [], flags: new Map(), help: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      parsed.help = true;
      continue;
    }
    if (!arg.startsWith('--')) {
      parsed.positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    if (!valueFlags.has(name)) throw new UsageError(`Unknown option --${name}`);
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || (eq < 0 && value.startsWith('--'))) throw new UsageError(`Option --${name} needs a value`);
    parsed.flags.set(name, [...(parsed.flags.get(name) ?? []), value]);
  }
  return parsed;
}

function single(args: ParsedArgs, name: string): string | undefined {
  const values = args.flags.get(name);
  if (values && values.length > 1) throw new UsageError(`Option --${name} was given more than once`);
  return values?.[0];
}

function expectPositionals(args: ParsedArgs, count: number, usage: string): void {
  if (args.positionals.length !== count) throw new UsageError(`Wrong number of arguments.\n\n${usage}`);
}

async function withDatabase<T>(config: AppConfig, run: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await run(db);
  } finally {
    await closeDatabase(db);
  }
}

async function listen(app: FastifyInstance, config: AppConfig): Promise<string> {
  if (config.host !== undefined) return app.listen({ port: config.port, host: config.host });
  try {
    return await app.listen({ port: config.port, host: '::' });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'EAFNOSUPPORT' && code !== 'EADDRNOTAVAIL') throw error;
    return app.listen({ port: config.port, host: '0.0.0.0' });
  }
}

/**
 * Owner pages need a secret for the first sign-in. When EMPORIUM_OWNER_TOKEN is not set, a random
 * token is made for this run and put into the configuration the app is built with, so a fresh demo
 * can be administered without ever having a guessable default.
 */
function withOwnerToken(config: AppConfig): { config: AppConfig; generated: string | undefined } {
  if (config.ownerToken !== undefined) return { config, generated: undefined };
  const token = randomBytes(18).toString('base64url');
  return { config: Object.freeze({ ...config, ownerToken: token }), generated: token };
}

async function serve(args: ParsedArgs, io: CliIo): Promise<number> {
  expectPositionals(args, 0, HELP.serve!);
  const startedAt = performance.now();
  const port = single(args, 'port');
  const host = single(args, 'host');
  const config = loadConfig({ ...io.env, ...(port !== undefined ? { PORT: port } : {}), ...(host !== undefined ? { HOST: host } : {}) });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let app: FastifyInstance | undefined;
  try {
    if ((await countWebsites(db)) === 0) {
      await seedDemo(db);
      io.out('Seeded the demo site into the empty database.');
    }
    const owner = withOwnerToken(config);
    app = await buildApp({ db, config: owner.config });
    const address = await listen(app, config);
    const ms = Math.round(performance.now() - startedAt);
    io.out(`Emporium listening on ${address} (started in ${ms} ms; ${config.databaseUrl ? 'PostgreSQL' : `PGlite at ${config.dataDir}`})`);
    io.out(`Sites: ${config.publicUrl}/`);
    if (owner.generated) {
      io.out(`Owner pages: /config/login on any site (e.g. ${siteOrigin('demo', config)}/config/login); this run's owner token is ${owner.generated} (set EMPORIUM_OWNER_TOKEN to choose your own)`);
    }
  } catch (error) {
    if (app) await app.close();
    await closeDatabase(db);
    throw error;
  }
  const running = app;
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      io.out(`${signal} received, shutting down`);
      resolve();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  await running.close();
  await closeDatabase(db);
  return 0;
}

async function seed(args: ParsedArgs, io: CliIo): Promise<number> {
  expectPositionals(args, 0, HELP.seed!);
  await withDatabase(loadConfig(io.env), async (db) => {
    await seedDemo(db);
  });
  io.out('Demo content seeded.');
  return 0;
}

async function siteCreate(args: ParsedArgs, io: CliIo): Promise<number> {
  expectPositionals(args, 1, HELP['site create']!);
  const title = single(args, 'title');
  if (title === undefined) throw new UsageError(`--title is required.\n\n${HELP['site create']}`);
  const config = loadConfig(io.env);
  const site = await withDatabase(config, (db) =>
    createStarterSite(db, { identifier: args.positionals[0]!, title, domains: args.flags.get('domain') ?? [] }),
  );
  io.out(`Created site '${site.identifier}' (${site.id}): ${siteOrigin(site.identifier, config)}/`);
  for (const domain of site.domains) io.out(`  custom domain: ${domain}`);
  return 0;
}

async function siteList(args: ParsedArgs, io: CliIo): Promise<number> {
  expectPositionals(args, 0, HELP['site list']!);
  const config = loadConfig(io.env);
  const sites = await withDatabase(config, (db) => listWebsites(db));
  if (sites.length === 0) {
    io.out('No sites.');
    return 0;
  }
  for (const site of sites) {
    const domains = site.domains.length ? `  [${site.domains.join(', ')}]` : '';
    io.out(`${site.identifier}\t${site.title}\t${siteOrigin(site.identifier, config)}/${domains}`);
  }
  return 0;
}

const VALUE_FLAGS: Readonly<Record<string, ReadonlySet<string>>> = {
  serve: new Set(['port', 'host']),
  seed: new Set(),
  'site create': new Set(['title', 'domain']),
  'site list': new Set(),
};

/** Runs the CLI and returns the process exit code. `serve` resolves only after shutdown. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [first, second] = argv;
  const command = first === 'site' && (second === 'create' || second === 'list') ? `site ${second}` : first;
  const rest = command?.startsWith('site ') ? argv.slice(2) : argv.slice(1);
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.out(HELP.main!);
    return command === undefined ? 2 : 0;
  }
  const flags = VALUE_FLAGS[command];
  if (!flags) {
    io.err(`Unknown command '${argv.slice(0, first === 'site' ? 2 : 1).join(' ')}'.\n\n${HELP.main}`);
    return 2;
  }
  try {
    const args = parseArgs(rest, flags);
    if (args.help) {
      io.out(HELP[command]!);
      return 0;
    }
    if (command === 'serve') return await serve(args, io);
    if (command === 'seed') return await seed(args, io);
    if (command === 'site create') return await siteCreate(args, io);
    return await siteList(args, io);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      io.err(error.message);
      return 2;
    }
    if (error instanceof AppError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runCli(process.argv.slice(2), { out: (l) => console.log(l), err: (l) => console.error(l), env: process.env }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
