import { resolve } from 'node:path';

/** Log levels accepted by `LOG_LEVEL`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Validated, frozen server configuration. Environment variables are read only here. */
export interface AppConfig {
  /** TCP port for `emporium serve` (PORT, default 3000). */
  readonly port: number;
  /** Interface to listen on (HOST, default 0.0.0.0). */
  readonly host: string;
  /** PGlite data directory (EMPORIUM_DATA_DIR, default ./data). */
  readonly dataDir: string;
  /** PostgreSQL connection string (DATABASE_URL); when set PGlite is not used. */
  readonly databaseUrl: string | undefined;
  /** Redis connection string (REDIS_URL) for shared rate limits. */
  readonly redisUrl: string | undefined;
  /** pino log level (LOG_LEVEL, default info; silent under vitest). */
  readonly logLevel: LogLevel;
  /** Largest accepted request body in bytes (EMPORIUM_BODY_LIMIT, default 1 MB). */
  readonly bodyLimit: number;
  /** Host name under which `{identifier}.{baseDomain}` serves a site (EMPORIUM_BASE_DOMAIN, default localhost). */
  readonly baseDomain: string;
  /** Mark cookies `Secure` (EMPORIUM_SECURE_COOKIES=1; default off for http://localhost). */
  readonly secureCookies: boolean;
  /** Record storefront page views (EMPORIUM_RECORD_VISITS=0 or false turns visit recording off; default on). */
  readonly recordVisits: boolean;
}

/** Default values, in one place. */
export const CONFIG_DEFAULTS = Object.freeze({
  port: 3000,
  host: '0.0.0.0',
  dataDir: './data',
  logLevel: 'info' as LogLevel,
  bodyLimit: 1024 * 1024,
  baseDomain: 'localhost',
  secureCookies: false,
  recordVisits: true,
});

/** Raised when an environment variable or option holds an invalid value. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseInteger(name: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be an integer, got '${raw}'`);
  const value = Number(raw.trim());
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/**
 * Builds the configuration from environment variables plus explicit overrides
 * (overrides win). Throws {@link ConfigError} on invalid values.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const defaultLevel: LogLevel = env.VITEST ? 'silent' : CONFIG_DEFAULTS.logLevel;
  const logLevel = (nonEmpty(env.LOG_LEVEL) ?? defaultLevel) as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${logLevel}'`);
  }
  const port = nonEmpty(env.PORT);
  const bodyLimit = nonEmpty(env.EMPORIUM_BODY_LIMIT);
  const config: AppConfig = {
    port: port === undefined ? CONFIG_DEFAULTS.port : parseInteger('PORT', port, 0, 65535),
    host: nonEmpty(env.HOST) ?? CONFIG_DEFAULTS.host,
    dataDir: resolve(nonEmpty(env.EMPORIUM_DATA_DIR) ?? CONFIG_DEFAULTS.dataDir),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    redisUrl: nonEmpty(env.REDIS_URL),
    logLevel,
    bodyLimit:
      bodyLimit === undefined
        ? CONFIG_DEFAULTS.bodyLimit
        : parseInteger('EMPORIUM_BODY_LIMIT', bodyLimit, 1024, 100 * 1024 * 1024),
    baseDomain: (nonEmpty(env.EMPORIUM_BASE_DOMAIN) ?? CONFIG_DEFAULTS.baseDomain).toLowerCase(),
    secureCookies: env.EMPORIUM_SECURE_COOKIES === '1' || env.EMPORIUM_SECURE_COOKIES === 'true',
    recordVisits: !(env.EMPORIUM_RECORD_VISITS === '0' || env.EMPORIUM_RECORD_VISITS === 'false'),
    ...overrides,
  };
  return Object.freeze(config);
}
