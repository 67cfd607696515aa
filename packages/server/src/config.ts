import { resolve } from 'node:path';
import { z } from 'zod';

/** Log levels accepted by `LOG_LEVEL`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Every environment variable the server reads; README's configuration table lists the same names. */
export const CONFIG_VARIABLES = Object.freeze([
  'PORT',
  'HOST',
  'DATABASE_URL',
  'EMPORIUM_DB_POOL_SIZE',
  'EMPORIUM_DATA_DIR',
  'EMPORIUM_PGLITE_SHARED_BUFFERS',
  'REDIS_URL',
  'LOG_LEVEL',
  'EMPORIUM_BODY_LIMIT',
  'EMPORIUM_BASE_DOMAIN',
  'EMPORIUM_PUBLIC_URL',
  'EMPORIUM_SECURE_COOKIES',
  'EMPORIUM_RECORD_VISITS',
  'EMPORIUM_API_DOCS',
  'NODE_ENV',
  'SMTP_URL',
  'EMPORIUM_MAIL_FROM',
  'EMPORIUM_OWNER_TOKEN',
  'EMPORIUM_SEALING_KEY',
  'EMPORIUM_STRIPE_API_URL',
  'EMPORIUM_RECAPTCHA_VERIFY_URL',
  'EMPORIUM_RECAPTCHA_ENTERPRISE_URL',
  'EMPORIUM_FORM_RATE_MAX',
  'EMPORIUM_RESTOCK_RATE_MAX',
  'EMPORIUM_FORM_CLIENT_RATE_MAX',
  'EMPORIUM_RESTOCK_CLIENT_RATE_MAX',
  'EMPORIUM_FORM_RATE_WINDOW_MS',
  'EMPORIUM_OUTBOX_POLL_MS',
  'EMPORIUM_MEDIA_STORE',
  'EMPORIUM_S3_ENDPOINT',
  'EMPORIUM_S3_BUCKET',
  'EMPORIUM_S3_REGION',
  'EMPORIUM_S3_ACCESS_KEY_ID',
  'EMPORIUM_S3_SECRET_ACCESS_KEY',
] as const);
/** One of {@link CONFIG_VARIABLES}. */
export type ConfigVariable = (typeof CONFIG_VARIABLES)[number];

/** Where uploaded images are kept: the `media` folder under the data directory, or an S3-compatible bucket. */
export const MediaStoreConfig = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('local') }),
  z.object({
    kind: z.literal('s3'),
    endpoint: z
      .string({ error: 'is required when EMPORIUM_MEDIA_STORE=s3' })
      .regex(/^https?:\/\/[^/?#\s]+\/?$/, 'must be an http(s) origin without path, e.g. https://s3.eu-west-1.amazonaws.com')
      .transform((url) => url.replace(/\/$/, '')),
    bucket: z
      .string({ error: 'is required when EMPORIUM_MEDIA_STORE=s3' })
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name: 3 to 63 lower-case letters, digits, dots and hyphens'),
    region: z.string().regex(/^[a-z0-9-]{1,32}$/, 'must be a region name such as us-east-1'),
    accessKeyId: z.string({ error: 'is required when EMPORIUM_MEDIA_STORE=s3' }).min(1),
    secretAccessKey: z.string({ error: 'is required when EMPORIUM_MEDIA_STORE=s3' }).min(1),
  }),
]);
/** A validated {@link MediaStoreConfig}. */
export type MediaStoreConfig = z.infer<typeof MediaStoreConfig>;

/** The variable of each field of {@link MediaStoreConfig}, for error messages. */
const MEDIA_STORE_VARIABLES: Readonly<Record<string, ConfigVariable>> = Object.freeze({
  kind: 'EMPORIUM_MEDIA_STORE',
  endpoint: 'EMPORIUM_S3_ENDPOINT',
  bucket: 'EMPORIUM_S3_BUCKET',
  region: 'EMPORIUM_S3_REGION',
  accessKeyId: 'EMPORIUM_S3_ACCESS_KEY_ID',
  secretAccessKey: 'EMPORIUM_S3_SECRET_ACCESS_KEY',
});

/** An environment: variable name to value, as `process.env` holds it. */
export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * Validated, frozen server configuration, built once by {@link loadConfig} and passed down.
 * Environment variables are read only in this file.
 */
export interface AppConfig {
  /** TCP port for `emporium serve` (PORT, default 3000). */
  readonly port: number;
  /** Interface to listen on (HOST); unset listens on every interface (`::`, else `0.0.0.0`). */
  readonly host: string | undefined;
  /** PGlite data directory (EMPORIUM_DATA_DIR, default ./data). */
  readonly dataDir: string;
  /** PGlite's shared buffers (EMPORIUM_PGLITE_SHARED_BUFFERS, default 32MB; PostgreSQL's own default is 128MB). */
  readonly pgliteSharedBuffers: string;
  /** PostgreSQL connection string (DATABASE_URL); when set PGlite is not used. */
  readonly databaseUrl: string | undefined;
  /** Connections to PostgreSQL per process (EMPORIUM_DB_POOL_SIZE, default 16; PGlite has one). */
  readonly dbPoolSize: number;
  /** Redis connection string (REDIS_URL) for shared rate limits. */
  readonly redisUrl: string | undefined;
  /** pino log level (LOG_LEVEL, default info; silent under vitest). */
  readonly logLevel: LogLevel;
  /** Largest accepted request body in bytes (EMPORIUM_BODY_LIMIT, default 1 MB). */
  readonly bodyLimit: number;
  /**
   * Host name under which `{identifier}.{baseDomain}` serves a site (EMPORIUM_BASE_DOMAIN;
   * default the host of EMPORIUM_PUBLIC_URL, else localhost). Lower-case, no trailing dot.
   */
  readonly baseDomain: string;
  /**
   * Public origin of the server (EMPORIUM_PUBLIC_URL, e.g. `https://example.com`; default
   * `http://{baseDomain}:{port}`). Its scheme and port are those of every site's public URL.
   */
  readonly publicUrl: string;
  /** Mark cookies `Secure` (EMPORIUM_SECURE_COOKIES=0/1; default on when the public URL is https). */
  readonly secureCookies: boolean;
  /** Record storefront page views (EMPORIUM_RECORD_VISITS=0 turns visit recording off; default on). */
  readonly recordVisits: boolean;
  /** NODE_ENV=production: checks meant for development and tests (such as freezing shared cached rows) are off. */
  readonly production: boolean;
  /** Serve the API reference page at /api/docs (EMPORIUM_API_DOCS=0/1; default on unless NODE_ENV=production). */
  readonly apiDocs: boolean;
  /** SMTP server for outgoing mail (SMTP_URL, e.g. smtp://user:pass@host:587); unset keeps mails in the outbox. */
  readonly smtpUrl: string | undefined;
  /** Sender address of outgoing mail (EMPORIUM_MAIL_FROM). */
  readonly mailFrom: string;
  /** Owner token valid on every site (EMPORIUM_OWNER_TOKEN, 16+ characters); unset disables token sign-in. */
  readonly ownerToken: string | undefined;
  /** reCAPTCHA checkbox verify endpoint (EMPORIUM_RECAPTCHA_VERIFY_URL). */
  readonly recaptchaVerifyUrl: string;
  /** reCAPTCHA Enterprise assessment endpoint (EMPORIUM_RECAPTCHA_ENTERPRISE_URL); `{project}` is replaced. */
  readonly recaptchaEnterpriseUrl: string;
  /** Accepted form submissions per site per window, counted after all checks passed (EMPORIUM_FORM_RATE_MAX). */
  readonly submissionsPerWindow: number;
  /** Accepted restock sign-ups per site per window, counted after all checks passed (EMPORIUM_RESTOCK_RATE_MAX). */
  readonly signUpsPerWindow: number;
  /** Form submission attempts per client (address and crumb cookie) per window (EMPORIUM_FORM_CLIENT_RATE_MAX). */
  readonly submissionsPerClient: number;
  /** Restock sign-up attempts per client (address and crumb cookie) per window (EMPORIUM_RESTOCK_CLIENT_RATE_MAX). */
  readonly signUpsPerClient: number;
  /** Rate-limit window of forms and restock sign-ups in ms (EMPORIUM_FORM_RATE_WINDOW_MS). */
  readonly rateWindowMs: number;
  /** Lifetime of form submission keys in ms. */
  readonly submissionKeyTtlMs: number;
  /** How often the job queue looks for due jobs, in ms (EMPORIUM_OUTBOX_POLL_MS; pg-boss's floor is 500). */
  readonly outboxPollMs: number;
  /**
   * Where uploaded images are kept (EMPORIUM_MEDIA_STORE=local, the default: `{dataDir}/media`;
   * or s3, with EMPORIUM_S3_ENDPOINT, EMPORIUM_S3_BUCKET, EMPORIUM_S3_REGION (default us-east-1),
   * EMPORIUM_S3_ACCESS_KEY_ID and EMPORIUM_S3_SECRET_ACCESS_KEY).
   */
  readonly mediaStore: MediaStoreConfig;
  /**
   * Key that seals payment providers' secret keys at rest (EMPORIUM_SEALING_KEY: 32 bytes as 64
   * hex digits or base64). Unset: a key kept in the database's server secrets, which protects a
   * copied backup of the payment tables but not of the whole database; set it in production.
   */
  readonly sealingKey: string | undefined;
  /** Stripe's API origin (EMPORIUM_STRIPE_API_URL); unset is Stripe itself, tests point it at an emulator. */
  readonly stripeApiUrl: string | undefined;
  /** The oEmbed endpoints the video block asks (Vimeo's and YouTube's own; tests point them at an emulator). */
  readonly oembedEndpoints: Readonly<{ vimeo: string; youtube: string }>;
}

/** The settings of the forms, restock, captcha, outbox and owner modules. */
export type FormsConfig = Pick<
  AppConfig,
  | 'smtpUrl'
  | 'mailFrom'
  | 'ownerToken'
  | 'recaptchaVerifyUrl'
  | 'recaptchaEnterpriseUrl'
  | 'submissionsPerWindow'
  | 'signUpsPerWindow'
  | 'submissionsPerClient'
  | 'signUpsPerClient'
  | 'rateWindowMs'
  | 'submissionKeyTtlMs'
  | 'outboxPollMs'
>;

/** Default values, in one place (`publicUrl` and `secureCookies` derive from the others). */
export const CONFIG_DEFAULTS = Object.freeze({
  port: 3000,
  dataDir: './data',
  pgliteSharedBuffers: '32MB',
  dbPoolSize: 16,
  logLevel: 'info' as LogLevel,
  bodyLimit: 1024 * 1024,
  baseDomain: 'localhost',
  recordVisits: true,
  mailFrom: 'Emporium <no-reply@emporium.localhost>',
  recaptchaVerifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
  recaptchaEnterpriseUrl: 'https://recaptchaenterprise.googleapis.com/v1/projects/{project}/assessments',
  submissionsPerWindow: 600,
  signUpsPerWindow: 600,
  submissionsPerClient: 10,
  signUpsPerClient: 10,
  rateWindowMs: 60_000,
  submissionKeyTtlMs: 60 * 60_000,
  oembedEndpoints: Object.freeze({ vimeo: 'https://vimeo.com/api/oembed.json', youtube: 'https://www.youtube.com/oembed' }),
  outboxPollMs: 2_000,
  mediaStore: 'local',
  s3Region: 'us-east-1',
});

/** Shortest accepted owner token. */
export const OWNER_TOKEN_MIN_LENGTH = 16;

/** Raised when an environment variable or option holds an invalid value. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

function read(env: Environment, name: ConfigVariable): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function integerIn(name: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be an integer, got '${raw}'`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function positiveInteger(env: Environment, name: ConfigVariable): number | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new ConfigError(`${name} must be a positive integer, got '${raw}'`);
  return Number(raw);
}

function flag(env: Environment, name: ConfigVariable): boolean | undefined {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return undefined;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new ConfigError(`${name} must be 0 or 1, got '${raw}'`);
}

function logLevelOf(env: Environment): LogLevel {
  const raw = read(env, 'LOG_LEVEL');
  if (raw === undefined) return env.VITEST ? 'silent' : CONFIG_DEFAULTS.logLevel;
  if (!(LOG_LEVELS as readonly string[]).includes(raw)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${raw}'`);
  }
  return raw as LogLevel;
}

/** Lower-cases a base domain and drops a trailing dot; refuses anything but a host name. */
function baseDomainOf(raw: string): string {
  const domain = raw.trim().toLowerCase().replace(/\.$/, '');
  if (!HOST_NAME.test(domain)) throw new ConfigError(`EMPORIUM_BASE_DOMAIN must be a host name without scheme or port, got '${raw}'`);
  return domain;
}

/** Parses an http(s) origin (`scheme://host[:port]`, nothing after it) into its normal form. */
function publicOriginOf(raw: string): { origin: string; hostname: string } {
  const refuse = () => new ConfigError(`EMPORIUM_PUBLIC_URL must be an http(s) origin without path, e.g. https://example.com, got '${raw}'`);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw refuse();
  }
  const afterScheme = raw.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse();
  if (url.username !== '' || url.password !== '' || /[?#@]|\/./.test(afterScheme)) throw refuse();
  const hostname = url.hostname.replace(/\.$/, '');
  return { origin: `${url.protocol}//${hostname}${url.port ? `:${url.port}` : ''}`, hostname };
}

/** A PostgreSQL memory size such as `32MB` (kB, MB or GB), or undefined when the variable is unset. */
function memorySizeOf(env: Environment, name: ConfigVariable): string | undefined {
  const raw = read(env, name)?.trim();
  if (raw === undefined) return undefined;
  if (!/^[1-9]\d{0,6}(kB|MB|GB)$/.test(raw)) throw new ConfigError(`${name} must be a size such as 32MB (kB, MB or GB), got '${raw}'`);
  return raw;
}

function readEnvironment(env: Environment) {
  const port = read(env, 'PORT');
  const bodyLimit = read(env, 'EMPORIUM_BODY_LIMIT');
  const ownerToken = read(env, 'EMPORIUM_OWNER_TOKEN');
  return {
    port: port === undefined ? CONFIG_DEFAULTS.port : integerIn('PORT', port, 0, 65535),
    host: read(env, 'HOST'),
    dataDir: read(env, 'EMPORIUM_DATA_DIR') ?? CONFIG_DEFAULTS.dataDir,
    pgliteSharedBuffers: memorySizeOf(env, 'EMPORIUM_PGLITE_SHARED_BUFFERS') ?? CONFIG_DEFAULTS.pgliteSharedBuffers,
    databaseUrl: read(env, 'DATABASE_URL'),
    dbPoolSize: positiveInteger(env, 'EMPORIUM_DB_POOL_SIZE') ?? CONFIG_DEFAULTS.dbPoolSize,
    redisUrl: read(env, 'REDIS_URL'),
    logLevel: logLevelOf(env),
    bodyLimit: bodyLimit === undefined ? CONFIG_DEFAULTS.bodyLimit : integerIn('EMPORIUM_BODY_LIMIT', bodyLimit, 1024, 100 * 1024 * 1024),
    baseDomain: read(env, 'EMPORIUM_BASE_DOMAIN'),
    publicUrl: read(env, 'EMPORIUM_PUBLIC_URL'),
    secureCookies: flag(env, 'EMPORIUM_SECURE_COOKIES'),
    recordVisits: flag(env, 'EMPORIUM_RECORD_VISITS') ?? CONFIG_DEFAULTS.recordVisits,
    apiDocs: flag(env, 'EMPORIUM_API_DOCS') ?? read(env, 'NODE_ENV') !== 'production',
    production: read(env, 'NODE_ENV') === 'production',
    smtpUrl: read(env, 'SMTP_URL'),
    mailFrom: read(env, 'EMPORIUM_MAIL_FROM') ?? CONFIG_DEFAULTS.mailFrom,
    ownerToken,
    sealingKey: read(env, 'EMPORIUM_SEALING_KEY'),
    stripeApiUrl: read(env, 'EMPORIUM_STRIPE_API_URL'),
    recaptchaVerifyUrl: read(env, 'EMPORIUM_RECAPTCHA_VERIFY_URL') ?? CONFIG_DEFAULTS.recaptchaVerifyUrl,
    recaptchaEnterpriseUrl: read(env, 'EMPORIUM_RECAPTCHA_ENTERPRISE_URL') ?? CONFIG_DEFAULTS.recaptchaEnterpriseUrl,
    submissionsPerWindow: positiveInteger(env, 'EMPORIUM_FORM_RATE_MAX') ?? CONFIG_DEFAULTS.submissionsPerWindow,
    signUpsPerWindow: positiveInteger(env, 'EMPORIUM_RESTOCK_RATE_MAX') ?? CONFIG_DEFAULTS.signUpsPerWindow,
    submissionsPerClient: positiveInteger(env, 'EMPORIUM_FORM_CLIENT_RATE_MAX') ?? CONFIG_DEFAULTS.submissionsPerClient,
    signUpsPerClient: positiveInteger(env, 'EMPORIUM_RESTOCK_CLIENT_RATE_MAX') ?? CONFIG_DEFAULTS.signUpsPerClient,
    rateWindowMs: positiveInteger(env, 'EMPORIUM_FORM_RATE_WINDOW_MS') ?? CONFIG_DEFAULTS.rateWindowMs,
    submissionKeyTtlMs: CONFIG_DEFAULTS.submissionKeyTtlMs,
    oembedEndpoints: CONFIG_DEFAULTS.oembedEndpoints,
    outboxPollMs: positiveInteger(env, 'EMPORIUM_OUTBOX_POLL_MS') ?? CONFIG_DEFAULTS.outboxPollMs,
    mediaStore: mediaStoreOf(env),
  };
}

/** The media store settings as the environment gives them (validated with the rest in {@link loadConfig}). */
function mediaStoreOf(env: Environment): unknown {
  const kind = read(env, 'EMPORIUM_MEDIA_STORE')?.toLowerCase() ?? CONFIG_DEFAULTS.mediaStore;
  const s3 = {
    endpoint: read(env, 'EMPORIUM_S3_ENDPOINT'),
    bucket: read(env, 'EMPORIUM_S3_BUCKET'),
    region: read(env, 'EMPORIUM_S3_REGION') ?? CONFIG_DEFAULTS.s3Region,
    accessKeyId: read(env, 'EMPORIUM_S3_ACCESS_KEY_ID'),
    secretAccessKey: read(env, 'EMPORIUM_S3_SECRET_ACCESS_KEY'),
  };
  return kind === 's3' ? { kind, ...s3 } : { kind };
}

/** Validates media store settings; a bad value is a {@link ConfigError} naming its variable. */
function validMediaStore(raw: unknown): MediaStoreConfig {
  const parsed = MediaStoreConfig.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? 'kind');
  if (field === 'kind') {
    const given = (raw as { kind?: unknown } | undefined)?.kind;
    throw new ConfigError(`EMPORIUM_MEDIA_STORE must be local or s3, got '${String(given)}'`);
  }
  throw new ConfigError(`${MEDIA_STORE_VARIABLES[field] ?? field} ${issue.message}`);
}

/**
 * Builds the configuration from an environment plus explicit overrides (overrides win; pass
 * `{}` for the defaults). The base domain and the public URL must name the same host; when only
 * one is given the other follows from it. Throws {@link ConfigError} on invalid values.
 */
export function loadConfig(env: Environment, overrides: Partial<AppConfig> = {}): AppConfig {
  const merged = { ...readEnvironment(env), ...overrides };
  const given = merged.publicUrl === undefined ? undefined : publicOriginOf(merged.publicUrl);
  const baseDomain = baseDomainOf(merged.baseDomain ?? given?.hostname ?? CONFIG_DEFAULTS.baseDomain);
  if (given && given.hostname !== baseDomain) {
    throw new ConfigError(`EMPORIUM_PUBLIC_URL must name the base domain ${baseDomain}, got '${merged.publicUrl}'`);
  }
  const publicUrl = given?.origin ?? publicOriginOf(`http://${baseDomain}:${merged.port}`).origin;
  if (merged.ownerToken !== undefined && merged.ownerToken.length < OWNER_TOKEN_MIN_LENGTH) {
    throw new ConfigError(`EMPORIUM_OWNER_TOKEN must be at least ${OWNER_TOKEN_MIN_LENGTH} characters`);
  }
  if (merged.sealingKey !== undefined && sealingKeyBytes(merged.sealingKey) === undefined) {
    throw new ConfigError('EMPORIUM_SEALING_KEY must be 32 bytes, as 64 hex digits or base64');
  }
  if (merged.stripeApiUrl !== undefined && !URL.canParse(merged.stripeApiUrl)) {
    throw new ConfigError(`EMPORIUM_STRIPE_API_URL must be a URL, got '${merged.stripeApiUrl}'`);
  }
  return Object.freeze({
    ...merged,
    mediaStore: Object.freeze(validMediaStore(merged.mediaStore)),
    dataDir: resolve(merged.dataDir),
    baseDomain,
    publicUrl,
    secureCookies: merged.secureCookies ?? publicUrl.startsWith('https:'),
  });
}

/** The 32 bytes of a sealing key written as 64 hex digits or base64, or undefined when it is neither. */
export function sealingKeyBytes(text: string): Buffer | undefined {
  const bytes = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}
