import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { closeDatabase, openDatabase } from './db/open.js';
import type { Db } from './db/types.js';
import { AppError } from './errors/index.js';
import { adminOrigin, dashboardUrl, siteOrigin } from './sites/index.js';
import { mediaStorageFor } from './media/index.js';
import { createStarterSite, seedDemo } from './seed/index.js';
import { countWebsites, findWebsiteByIdentifier, listWebsites } from './sites/repository.js';
import type { Website } from './sites/website.js';
import { addOwner, issueSetupLink, listOwners, MIN_PASSWORD_LENGTH, normalEmail, ownerlessSites, removeOwnerByEmail } from './owner-accounts/index.js';
import { isOwnerRole, OWNER_ROLES } from './owner-sessions/index.js';
import { ThemeFilesError } from '@emporium/theme';
import { ThemeRefusedError, type ThemeRegistry } from './themes/index.js';
import { readThemeAt } from './themes-dev/index.js';
import { HELP } from './cli-help.js';
import { assertDataDirFree, DataDirBusyError, holdDataDir, runModeNotice } from './cli-process.js';
import { themeCheckCommand, themeDevStart, themeInstallCommand, themeListCommand } from './cli-theme.js';

/** Where the CLI writes; replaceable in tests. */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
  /** Reads all of standard input (for --password-stdin); the process's by default. */
  readStdin?: () => Promise<string>;
}

/** Raised for wrong command-line usage (exit code 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Who the audit log names for changes made on the command line. */
const CLI_ACTOR = Object.freeze({ ownerId: null, email: 'command line' });
/** Most first-owner setup links one start prints. */
const SETUP_LINKS_PRINTED = 5;

interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string[]>;
  help: boolean;
}

/** Splits arguments into positionals, `--name value` / `--name=value` flags and bare `--switch`es (value ''). */
export function parseArgs(argv: string[], valueFlags: ReadonlySet<string>, switches: ReadonlySet<string> = new Set()): ParsedArgs {
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
    if (switches.has(name) && eq < 0) {
      parsed.flags.set(name, ['']);
      continue;
    }
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
  if (!config.databaseUrl) await assertDataDirFree(config.dataDir);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    maxConnections: config.dbPoolSize,
    dataDir: config.dataDir,
    sharedBuffers: config.pgliteSharedBuffers,
  });
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
 * What `serve` says about the break-glass token: whether it is on and how to set one, never a
 * token's value (start-up output ends up in logs). Without EMPORIUM_OWNER_TOKEN there is none.
 */
export function breakGlassNotice(config: Pick<AppConfig, 'ownerToken'>): string {
  return config.ownerToken === undefined
    ? 'Break-glass owner token: off. For scripts, set EMPORIUM_OWNER_TOKEN (16+ characters) and send Authorization: Bearer <token>.'
    : 'Break-glass owner token: on (EMPORIUM_OWNER_TOKEN).';
}

/** What a server start adds to the plain `serve`. */
interface ServerStart {
  /** The themes the app renders with (default: the app's own). */
  themes?: (db: Db) => ThemeRegistry;
  /** Runs once the server listens; what it returns is stopped at shutdown. */
  listening?: (db: Db) => { close(): void };
}

function serverConfig(args: ParsedArgs, io: CliIo): AppConfig {
  const port = single(args, 'port');
  const host = single(args, 'host');
  return loadConfig({ ...io.env, ...(port !== undefined ? { PORT: port } : {}), ...(host !== undefined ? { HOST: host } : {}) });
}

/** Opens the database (holding a PGlite folder), seeds an empty one, listens until SIGINT or SIGTERM. */
async function runServer(config: AppConfig, io: CliIo, start: ServerStart = {}): Promise<number> {
  const startedAt = performance.now();
  const lock = config.databaseUrl ? undefined : await holdDataDir(config.dataDir);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    maxConnections: config.dbPoolSize,
    dataDir: config.dataDir,
    sharedBuffers: config.pgliteSharedBuffers,
  }).catch(async (error: unknown) => {
    await lock?.release();
    throw error;
  });
  let app: FastifyInstance | undefined;
  let extra: { close(): void } | undefined;
  try {
    const themes = start.themes?.(db);
    if ((await countWebsites(db)) === 0) {
      const seeded = await seedDemo(db, undefined, { photos: mediaStorageFor(config) });
      io.out(`Seeded the demo site into the empty database (${seeded.photos?.photos ?? 0} product photos in ${seeded.photos?.ms ?? 0} ms).`);
    }
    app = await buildApp({ db, config, themes, workJobs: true });
    const address = await listen(app, config);
    const ms = Math.round(performance.now() - startedAt);
    io.out(`Emporium listening on ${address} (started in ${ms} ms; ${config.databaseUrl ? 'PostgreSQL' : `PGlite at ${config.dataDir}`})`);
    io.out(runModeNotice(io.env));
    io.out(`Sites: ${config.publicUrl}/`);
    io.out(`Owner dashboard: ${adminOrigin(config)}/ (each site's /config leads there)`);
    io.out(breakGlassNotice(config));
    const ownerless = await ownerlessSites(db);
    for (const site of ownerless.slice(0, SETUP_LINKS_PRINTED)) {
      io.out(`No owner yet for '${site.identifier}'. Open this link once, within an hour, to choose the first owner's email and password:`);
      io.out(`  ${await issueSetupLink(db, site, config)}`);
    }
    if (ownerless.length > SETUP_LINKS_PRINTED) io.out(`${ownerless.length - SETUP_LINKS_PRINTED} more sites have no owner; use 'npx emporium owner add'.`);
    extra = start.listening?.(db);
  } catch (error) {
    extra?.close();
    if (app) await app.close();
    await closeDatabase(db);
    await lock?.release();
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
  extra?.close();
  await running.close();
  await closeDatabase(db);
  await lock?.release();
  return 0;
}

async function serve(args: ParsedArgs, io: CliIo): Promise<number> {
  expectPositionals(args, 0, HELP.serve!);
  return runServer(serverConfig(args, io), io);
}

/** `emporium dev --theme DIR`: `serve` with every site rendering with the folder's theme, compiled again on each change. */
async function dev(args: ParsedArgs, io: CliIo): Promise<number> {
  const usage = HELP.dev!;
  expectPositionals(args, 0, usage);
  const dir = required(args, 'theme', usage);
  const config = serverConfig(args, io);
  const theme = readThemeAt(dir);
  if (!theme.isFolder) throw new UsageError(`--theme must name a theme folder (a .zip file cannot be watched for changes).\n\n${usage}`);
  const start = await themeDevStart(dir, theme, io);
  return start ? runServer(config, io, start) : 1;
}

async function seed(args: ParsedArgs, io: CliIo): Promise<number> {
  expectPositionals(args, 0, HELP.seed!);
  const config = loadConfig(io.env);
  const seeded = await withDatabase(config, (db) => seedDemo(db, undefined, { photos: mediaStorageFor(config) }));
  io.out(`Demo content seeded${seeded.photos?.photos ? ` (${seeded.photos.photos} product photos in ${seeded.photos.ms} ms)` : ''}.`);
  return 0;
}

async function siteCreate(args: ParsedArgs, io: CliIo): Promise<number> {
  expectPositionals(args, 1, HELP['site create']!);
  const title = single(args, 'title');
  if (title === undefined) throw new UsageError(`--title is required.\n\n${HELP['site create']}`);
  const config = loadConfig(io.env);
  const site = await withDatabase(config, (db) => createStarterSite(db, { identifier: args.positionals[0]!, title, domains: args.flags.get('domain') ?? [] }));
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

async function siteByIdentifier(db: Db, identifier: string | undefined, usage: string): Promise<Website> {
  if (identifier === undefined) throw new UsageError(`--site is required.\n\n${usage}`);
  const site = await findWebsiteByIdentifier(db, identifier);
  if (!site) throw new AppError('NOT_FOUND', `No site with identifier '${identifier}'.`);
  return site;
}

function required(args: ParsedArgs, name: string, usage: string): string {
  const value = single(args, name);
  if (value === undefined) throw new UsageError(`--${name} is required.\n\n${usage}`);
  return value;
}

async function ownerAdd(args: ParsedArgs, io: CliIo): Promise<number> {
  const usage = HELP['owner add']!;
  expectPositionals(args, 0, usage);
  const email = normalEmail(required(args, 'email', usage));
  const role = required(args, 'role', usage);
  if (!isOwnerRole(role)) throw new UsageError(`Unknown role '${role}'. Roles: ${OWNER_ROLES.join(', ')}.`);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) throw new UsageError(`'${email}' is not an email address.`);
  let password: string | undefined;
  if (args.flags.has('password-stdin')) {
    password = (await (io.readStdin ?? readStdin)()).replace(/\r?\n$/, '');
    if (password.length < MIN_PASSWORD_LENGTH) throw new UsageError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  const config = loadConfig(io.env);
  const added = await withDatabase(config, async (db) => {
    const site = await siteByIdentifier(db, single(args, 'site'), usage);
    return { site, ...(await addOwner(db, { websiteId: site.id, email, role, password }, CLI_ACTOR)) };
  });
  io.out(
    `Added ${added.owner.email} as ${added.owner.role} of '${added.site.identifier}'. Sign in at ${dashboardUrl(added.site.identifier, config, '/login')}`,
  );
  if (added.oneTimePassword) io.out(`One-time password (must be changed at the first sign-in): ${added.oneTimePassword}`);
  return 0;
}

async function ownerList(args: ParsedArgs, io: CliIo): Promise<number> {
  const usage = HELP['owner list']!;
  expectPositionals(args, 0, usage);
  const owners = await withDatabase(loadConfig(io.env), async (db) => listOwners(db, (await siteByIdentifier(db, single(args, 'site'), usage)).id));
  if (owners.length === 0) io.out('No owners.');
  for (const owner of owners) {
    const state =
      owner.passwordHash === null
        ? 'invited'
        : owner.mustChangePassword
          ? 'must change password'
          : owner.lastSignInAt
            ? `last sign-in ${owner.lastSignInAt.toISOString()}`
            : 'never signed in';
    io.out(`${owner.email}\t${owner.role}\t${state}`);
  }
  return 0;
}

async function ownerRemove(args: ParsedArgs, io: CliIo): Promise<number> {
  const usage = HELP['owner remove']!;
  expectPositionals(args, 0, usage);
  const email = normalEmail(required(args, 'email', usage));
  const removed = await withDatabase(loadConfig(io.env), async (db) =>
    removeOwnerByEmail(db, (await siteByIdentifier(db, single(args, 'site'), usage)).id, email, CLI_ACTOR),
  );
  if (!removed) throw new AppError('NOT_FOUND', `No owner ${email} on that site.`);
  io.out(`Removed ${email}.`);
  return 0;
}

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk) => (text += chunk));
    process.stdin.on('end', () => resolve(text));
    process.stdin.on('error', reject);
  });
}

async function themeCheck(args: ParsedArgs, io: CliIo): Promise<number> {
  expectPositionals(args, 1, HELP['theme check']!);
  return themeCheckCommand(args.positionals[0]!, io);
}

async function themeInstall(args: ParsedArgs, io: CliIo): Promise<number> {
  expectPositionals(args, 1, HELP['theme install']!);
  const config = loadConfig(io.env);
  const theme = readThemeAt(args.positionals[0]!);
  return withDatabase(config, (db) => themeInstallCommand(db, theme, single(args, 'site'), io));
}

async function themeList(args: ParsedArgs, io: CliIo): Promise<number> {
  expectPositionals(args, 0, HELP['theme list']!);
  return withDatabase(loadConfig(io.env), (db) => themeListCommand(db, io));
}

/** A command: its options that take a value, its bare switches, and what it runs. */
interface Command {
  valueFlags: ReadonlySet<string>;
  switches?: ReadonlySet<string>;
  run: (args: ParsedArgs, io: CliIo) => Promise<number>;
}

const COMMANDS: Readonly<Record<string, Command>> = {
  dev: { valueFlags: new Set(['theme', 'port', 'host']), run: dev },
  'owner add': { valueFlags: new Set(['site', 'email', 'role']), switches: new Set(['password-stdin']), run: ownerAdd },
  'owner list': { valueFlags: new Set(['site']), run: ownerList },
  'owner remove': { valueFlags: new Set(['site', 'email']), run: ownerRemove },
  serve: { valueFlags: new Set(['port', 'host']), run: serve },
  seed: { valueFlags: new Set(), run: seed },
  'site create': { valueFlags: new Set(['title', 'domain']), run: siteCreate },
  'site list': { valueFlags: new Set(), run: siteList },
  'theme check': { valueFlags: new Set(), run: themeCheck },
  'theme install': { valueFlags: new Set(['site']), run: themeInstall },
  'theme list': { valueFlags: new Set(), run: themeList },
};

/** Words that start a command group (`site create`), each with its own help. */
const GROUPS = new Set(['owner', 'site', 'theme']);

/** Runs the CLI and returns the process exit code. `serve` and `dev` resolve only after shutdown. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [first, second] = argv;
  const grouped = first !== undefined && GROUPS.has(first) && Object.hasOwn(COMMANDS, `${first} ${second}`);
  const command = grouped ? `${first} ${second}` : first;
  const rest = grouped ? argv.slice(2) : argv.slice(1);
  const asksHelp = (word: string | undefined) => word === '--help' || word === '-h' || word === 'help';
  if (command === undefined || asksHelp(command)) {
    io.out(HELP.main!);
    return command === undefined ? 2 : 0;
  }
  if (GROUPS.has(command) && (second === undefined || asksHelp(second))) {
    io.out(HELP[command]!);
    return second === undefined ? 2 : 0;
  }
  const known = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!known) {
    io.err(`Unknown command '${argv.slice(0, GROUPS.has(command) ? 2 : 1).join(' ')}'.\n\n${HELP.main}`);
    return 2;
  }
  try {
    if (rest.includes('--help') || rest.includes('-h')) {
      io.out(HELP[command]!);
      return 0;
    }
    const args = parseArgs(rest, known.valueFlags, known.switches);
    if (args.help) {
      io.out(HELP[command]!);
      return 0;
    }
    return await known.run(args, io);
  } catch (error) {
    if (error instanceof DataDirBusyError || error instanceof ThemeFilesError || error instanceof ThemeRefusedError) {
      io.err(error.message);
      return 1;
    }
    if (error instanceof UsageError || error instanceof ConfigError) {
      io.err(error.message);
      return 2;
    }
    if (error instanceof AppError) {
      // A service the command needed failed (the media store): the operator gets the cause too.
      io.err(error.status >= 500 && error.cause instanceof Error ? `${error.message}\n${error.cause.message}` : error.message);
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
