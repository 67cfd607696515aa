import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS, CONFIG_VARIABLES, ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies defaults and freezes the result', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: undefined,
      bodyLimit: 1024 * 1024,
      baseDomain: 'localhost',
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      recordVisits: true,
      databaseUrl: undefined,
      redisUrl: undefined,
      ownerToken: undefined,
      smtpUrl: undefined,
      mailFrom: 'Emporium <no-reply@emporium.localhost>',
      submissionsPerWindow: 600,
      submissionsPerClient: 10,
      outboxPollMs: 2_000,
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(Object.isFrozen(config)).toBe(true);
    expect(CONFIG_DEFAULTS.port).toBe(3000);
  });

  it('reads the environment and lets overrides win', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATABASE_URL: ' postgres://x/y ',
        REDIS_URL: 'redis://r',
        LOG_LEVEL: 'warn',
        EMPORIUM_DATA_DIR: '/tmp/d',
        EMPORIUM_BASE_DOMAIN: 'Shops.Test',
        EMPORIUM_SECURE_COOKIES: '1',
        HOST: '127.0.0.1',
      },
      { port: 9000 },
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://x/y',
      redisUrl: 'redis://r',
      logLevel: 'warn',
      dataDir: '/tmp/d',
      baseDomain: 'shops.test',
      secureCookies: true,
    });
    expect(config.publicUrl).toBe('http://shops.test:9000');
  });

  it('reads the forms, restock, captcha, outbox and owner settings', () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://mail:25',
      EMPORIUM_MAIL_FROM: 'Shop <shop@example.com>',
      EMPORIUM_OWNER_TOKEN: 'a-long-enough-owner-token',
      EMPORIUM_RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:1/verify',
      EMPORIUM_RECAPTCHA_ENTERPRISE_URL: 'http://127.0.0.1:1/{project}',
      EMPORIUM_FORM_RATE_MAX: '3',
      EMPORIUM_RESTOCK_RATE_MAX: '4',
      EMPORIUM_FORM_CLIENT_RATE_MAX: '5',
      EMPORIUM_RESTOCK_CLIENT_RATE_MAX: '6',
      EMPORIUM_FORM_RATE_WINDOW_MS: '7000',
      EMPORIUM_OUTBOX_POLL_MS: '800',
      EMPORIUM_RECORD_VISITS: '0',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Shop <shop@example.com>',
      ownerToken: 'a-long-enough-owner-token',
      recaptchaVerifyUrl: 'http://127.0.0.1:1/verify',
      recaptchaEnterpriseUrl: 'http://127.0.0.1:1/{project}',
      submissionsPerWindow: 3,
      signUpsPerWindow: 4,
      submissionsPerClient: 5,
      signUpsPerClient: 6,
      rateWindowMs: 7000,
      outboxPollMs: 800,
      recordVisits: false,
    });
  });

  it('logs at info by default and stays quiet under vitest unless LOG_LEVEL says otherwise', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ VITEST: 'true' }).logLevel).toBe('silent');
    expect(loadConfig({ VITEST: 'true', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '  ', PORT: '', EMPORIUM_OWNER_TOKEN: ' ', EMPORIUM_PUBLIC_URL: '' })).toMatchObject({
      databaseUrl: undefined,
      port: 3000,
      ownerToken: undefined,
      publicUrl: 'http://localhost:3000',
    });
  });

  it("reads PGlite's shared buffers (default 32MB)", () => {
    expect(loadConfig({}).pgliteSharedBuffers).toBe('32MB');
    expect(loadConfig({ EMPORIUM_PGLITE_SHARED_BUFFERS: '64MB' }).pgliteSharedBuffers).toBe('64MB');
  });

  it.each([
    [{ PORT: 'abc' }, "PORT must be an integer, got 'abc'"],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535, got 70000'],
    [{ PORT: '-1' }, "PORT must be an integer, got '-1'"],
    [{ LOG_LEVEL: 'loud' }, "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'loud'"],
    [{ EMPORIUM_BODY_LIMIT: '10' }, 'EMPORIUM_BODY_LIMIT must be between 1024 and 104857600, got 10'],
    [{ EMPORIUM_OWNER_TOKEN: 'short' }, 'EMPORIUM_OWNER_TOKEN must be at least 16 characters'],
    [{ EMPORIUM_FORM_RATE_MAX: '0' }, "EMPORIUM_FORM_RATE_MAX must be a positive integer, got '0'"],
    [{ EMPORIUM_RESTOCK_RATE_MAX: 'many' }, "EMPORIUM_RESTOCK_RATE_MAX must be a positive integer, got 'many'"],
    [{ EMPORIUM_FORM_CLIENT_RATE_MAX: '1.5' }, "EMPORIUM_FORM_CLIENT_RATE_MAX must be a positive integer, got '1.5'"],
    [{ EMPORIUM_RESTOCK_CLIENT_RATE_MAX: '-2' }, "EMPORIUM_RESTOCK_CLIENT_RATE_MAX must be a positive integer, got '-2'"],
    [{ EMPORIUM_FORM_RATE_WINDOW_MS: 'x' }, "EMPORIUM_FORM_RATE_WINDOW_MS must be a positive integer, got 'x'"],
    [{ EMPORIUM_OUTBOX_POLL_MS: '0' }, "EMPORIUM_OUTBOX_POLL_MS must be a positive integer, got '0'"],
    [{ EMPORIUM_PGLITE_SHARED_BUFFERS: '32' }, "EMPORIUM_PGLITE_SHARED_BUFFERS must be a size such as 32MB (kB, MB or GB), got '32'"],
    [{ EMPORIUM_PGLITE_SHARED_BUFFERS: '1TB' }, "EMPORIUM_PGLITE_SHARED_BUFFERS must be a size such as 32MB (kB, MB or GB), got '1TB'"],
    [{ EMPORIUM_SECURE_COOKIES: 'yes' }, "EMPORIUM_SECURE_COOKIES must be 0 or 1, got 'yes'"],
    [{ EMPORIUM_RECORD_VISITS: 'off' }, "EMPORIUM_RECORD_VISITS must be 0 or 1, got 'off'"],
    [{ EMPORIUM_BASE_DOMAIN: 'localhost:3000' }, "EMPORIUM_BASE_DOMAIN must be a host name without scheme or port, got 'localhost:3000'"],
    [{ EMPORIUM_BASE_DOMAIN: 'https://shops.test' }, "EMPORIUM_BASE_DOMAIN must be a host name without scheme or port, got 'https://shops.test'"],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('public base URL (EMPORIUM_PUBLIC_URL)', () => {
  it.each([
    [{}, 'http://localhost:3000'],
    [{ PORT: '8080' }, 'http://localhost:8080'],
    [{ PORT: '80' }, 'http://localhost'],
    [{ EMPORIUM_BASE_DOMAIN: 'shops.test' }, 'http://shops.test:3000'],
    [{ EMPORIUM_PUBLIC_URL: 'https://localhost' }, 'https://localhost'],
    [{ EMPORIUM_PUBLIC_URL: 'https://localhost:443/' }, 'https://localhost'],
    [{ EMPORIUM_PUBLIC_URL: 'HTTP://LocalHost:8443' }, 'http://localhost:8443'],
    [{ EMPORIUM_PUBLIC_URL: 'https://localhost.:8443', PORT: '3000' }, 'https://localhost:8443'],
  ])('%j gives %s', (env, expected) => {
    expect(loadConfig(env).publicUrl).toBe(expected);
  });

  it('gives the base domain when only the public URL is set, and refuses the two disagreeing', () => {
    expect(loadConfig({ EMPORIUM_PUBLIC_URL: 'https://Shops.Example.com' })).toMatchObject({
      baseDomain: 'shops.example.com',
      publicUrl: 'https://shops.example.com',
    });
    expect(() => loadConfig({ EMPORIUM_PUBLIC_URL: 'https://example.com', EMPORIUM_BASE_DOMAIN: 'shops.test' })).toThrow(
      "EMPORIUM_PUBLIC_URL must name the base domain shops.test, got 'https://example.com'",
    );
  });

  it('follows overridden port and base domain unless it is given itself', () => {
    expect(loadConfig({}, { port: 4100 }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({}, { baseDomain: 'shops.test' }).publicUrl).toBe('http://shops.test:3000');
    expect(loadConfig({ EMPORIUM_PUBLIC_URL: 'https://localhost' }, { port: 4100 }).publicUrl).toBe('https://localhost');
    expect(loadConfig({}, { publicUrl: 'https://localhost:8443' })).toMatchObject({ publicUrl: 'https://localhost:8443', secureCookies: true });
  });

  it.each([
    'localhost:3000',
    'ftp://localhost',
    'https://localhost/shop',
    'https://localhost/?',
    'https://localhost?a=1',
    'https://localhost#top',
    'https://user:pass@localhost',
    'https://',
    'not a url',
  ])('refuses %s', (value) => {
    expect(() => loadConfig({ EMPORIUM_PUBLIC_URL: value })).toThrow(
      `EMPORIUM_PUBLIC_URL must be an http(s) origin without path, e.g. https://example.com, got '${value}'`,
    );
  });

  it('marks cookies Secure by default when the public URL is https, still overridable with 0 or 1', () => {
    expect(loadConfig({ EMPORIUM_PUBLIC_URL: 'https://localhost' }).secureCookies).toBe(true);
    expect(loadConfig({ EMPORIUM_PUBLIC_URL: 'https://localhost', EMPORIUM_SECURE_COOKIES: '0' }).secureCookies).toBe(false);
    expect(loadConfig({ EMPORIUM_PUBLIC_URL: 'http://localhost:3000' }).secureCookies).toBe(false);
    expect(loadConfig({ EMPORIUM_SECURE_COOKIES: '1' }).secureCookies).toBe(true);
    expect(loadConfig({ EMPORIUM_PUBLIC_URL: 'https://localhost' }, { secureCookies: false }).secureCookies).toBe(false);
  });
});

describe('loadConfig: media store (EMPORIUM_MEDIA_STORE and EMPORIUM_S3_*)', () => {
  const s3 = {
    EMPORIUM_MEDIA_STORE: 's3',
    EMPORIUM_S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com/',
    EMPORIUM_S3_BUCKET: 'shop-media',
    EMPORIUM_S3_REGION: 'eu-west-1',
    EMPORIUM_S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    EMPORIUM_S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('keeps media in the data folder by default, whatever S3 variables are set', () => {
    expect(loadConfig({}).mediaStore).toEqual({ kind: 'local' });
    expect(loadConfig({ ...s3, EMPORIUM_MEDIA_STORE: 'local' }).mediaStore).toEqual({ kind: 'local' });
  });

  it('reads the bucket settings for s3 (region us-east-1 by default)', () => {
    expect(loadConfig(s3).mediaStore).toEqual({
      kind: 's3',
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'shop-media',
      region: 'eu-west-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
    });
    expect(loadConfig({ ...s3, EMPORIUM_MEDIA_STORE: 'S3', EMPORIUM_S3_REGION: '' }).mediaStore).toMatchObject({ kind: 's3', region: 'us-east-1' });
    expect(Object.isFrozen(loadConfig(s3).mediaStore)).toBe(true);
  });

  it.each([
    [{ EMPORIUM_MEDIA_STORE: 'gcs' }, "EMPORIUM_MEDIA_STORE must be local or s3, got 'gcs'"],
    [{ EMPORIUM_S3_BUCKET: undefined }, 'EMPORIUM_S3_BUCKET is required when EMPORIUM_MEDIA_STORE=s3'],
    [{ EMPORIUM_S3_BUCKET: 'Shop_Media' }, 'EMPORIUM_S3_BUCKET must be an S3 bucket name: 3 to 63 lower-case letters, digits, dots and hyphens'],
    [{ EMPORIUM_S3_ENDPOINT: undefined }, 'EMPORIUM_S3_ENDPOINT is required when EMPORIUM_MEDIA_STORE=s3'],
    [{ EMPORIUM_S3_ENDPOINT: 's3.amazonaws.com' }, 'EMPORIUM_S3_ENDPOINT must be an http(s) origin without path, e.g. https://s3.eu-west-1.amazonaws.com'],
    [
      { EMPORIUM_S3_ENDPOINT: 'https://s3.amazonaws.com/bucket' },
      'EMPORIUM_S3_ENDPOINT must be an http(s) origin without path, e.g. https://s3.eu-west-1.amazonaws.com',
    ],
    [{ EMPORIUM_S3_REGION: 'EU West' }, 'EMPORIUM_S3_REGION must be a region name such as us-east-1'],
    [{ EMPORIUM_S3_ACCESS_KEY_ID: ' ' }, 'EMPORIUM_S3_ACCESS_KEY_ID is required when EMPORIUM_MEDIA_STORE=s3'],
    [{ EMPORIUM_S3_SECRET_ACCESS_KEY: undefined }, 'EMPORIUM_S3_SECRET_ACCESS_KEY is required when EMPORIUM_MEDIA_STORE=s3'],
  ])('refuses %j with a message naming the variable', (change, message) => {
    expect(() => loadConfig({ ...s3, ...change })).toThrow(new ConfigError(message));
  });

  it('validates an overriding media store too', () => {
    expect(() =>
      loadConfig({}, { mediaStore: { kind: 's3', endpoint: 'ftp://x', bucket: 'b', region: 'r', accessKeyId: 'a', secretAccessKey: 's' } as never }),
    ).toThrow(ConfigError);
  });
});

describe('CONFIG_VARIABLES', () => {
  it('names exactly the variables loadConfig reads (besides VITEST, which only picks the log level under tests)', () => {
    const asked = new Set<string>();
    const env = new Proxy({} as Record<string, string | undefined>, {
      get: (_target, name) => {
        if (typeof name === 'string') asked.add(name);
        return undefined;
      },
    });
    loadConfig(env);
    asked.delete('VITEST');
    expect([...asked].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it("are the rows of README's configuration table", () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
    const rows = section
      .split('\n')
      .map((line) => /^\|\s*`([A-Z0-9_]+)`\s*\|/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined);
    expect(new Set(rows).size).toBe(rows.length);
    expect([...rows].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
