import { describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS, ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies defaults and freezes the result', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', bodyLimit: 1024 * 1024, baseDomain: 'localhost', databaseUrl: undefined, redisUrl: undefined });
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(Object.isFrozen(config)).toBe(true);
    expect(CONFIG_DEFAULTS.port).toBe(3000);
  });

  it('reads the environment and lets overrides win', () => {
    const config = loadConfig(
      { PORT: '8080', DATABASE_URL: ' postgres://x/y ', REDIS_URL: 'redis://r', LOG_LEVEL: 'warn', EMPORIUM_DATA_DIR: '/tmp/d', EMPORIUM_BASE_DOMAIN: 'Shops.Test', EMPORIUM_SECURE_COOKIES: '1' },
      { port: 9000 },
    );
    expect(config).toMatchObject({ port: 9000, databaseUrl: 'postgres://x/y', redisUrl: 'redis://r', logLevel: 'warn', dataDir: '/tmp/d', baseDomain: 'shops.test', secureCookies: true });
  });

  it('logs at info by default and stays quiet under vitest unless LOG_LEVEL says otherwise', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ VITEST: 'true' }).logLevel).toBe('silent');
    expect(loadConfig({ VITEST: 'true', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '  ', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT must be between/],
    [{ PORT: '-1' }, /PORT must be an integer/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ EMPORIUM_BODY_LIMIT: '10' }, /EMPORIUM_BODY_LIMIT must be between/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
