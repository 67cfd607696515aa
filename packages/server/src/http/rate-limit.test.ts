import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fetchCrumb, type TestApp } from '../../test-support/test-app.js';
import { AppError } from '../errors/index.js';
import {
  CLIENTS_PER_ADDRESS,
  clientRateLimit,
  MemoryRateLimitStore,
  RATE_LIMITED_MESSAGE,
  RedisRateLimitStore,
  rateLimitHook,
  type RateLimitStore,
} from './rate-limit.js';

describe('rate limit on a route (in-memory store)', () => {
  let t: TestApp;
  let now = 1_000_000;
  const hosts: string[] = [];
  beforeAll(async () => {
    const store = new MemoryRateLimitStore();
    t = await createTestApp({
      rateLimitStore: store,
      setup: (app) => {
        app.get('/api/test/limited', { onRequest: rateLimitHook(store, { name: 'test', max: 3, windowMs: 10_000 }, () => now) }, async () => ({ ok: true }));
        app.get('/api/test/per-site', { onRequest: app.emporium.rateLimit({ name: 'per-site', max: 2, windowMs: 60_000, key: 'site' }) }, async () => ({
          ok: true,
        }));
      },
    });
    hosts.push(t.hostOf(await t.createSite({ identifier: 'rl-a', title: 'A' })));
    hosts.push(t.hostOf(await t.createSite({ identifier: 'rl-b', title: 'B' })));
  });
  afterAll(() => t.close());

  it('allows max requests per window, then answers 429 with Retry-After and the spec message', async () => {
    const get = (host: string, ip = '10.0.0.1') => t.app.inject({ url: '/api/test/limited', headers: { host }, remoteAddress: ip });
    now = 1_000_000 + 2_500;
    for (let i = 0; i < 3; i += 1) expect((await get(hosts[0]!)).statusCode).toBe(200);
    const refused = await get(hosts[0]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('8');
    expect(refused.json()).toEqual({ error: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE });
    expect((await get(hosts[0]!, '10.0.0.2')).statusCode).toBe(200);
    expect((await get(hosts[1]!)).statusCode).toBe(200);
    now = 1_010_000;
    expect((await get(hosts[0]!)).statusCode).toBe(200);
  });

  it('can count per site whatever the client IP', async () => {
    const get = (ip: string) => t.app.inject({ url: '/api/test/per-site', headers: { host: hosts[1]! }, remoteAddress: ip });
    expect((await get('1.1.1.1')).statusCode).toBe(200);
    expect((await get('2.2.2.2')).statusCode).toBe(200);
    expect((await get('3.3.3.3')).statusCode).toBe(429);
  });

  it('lets requests through when the store fails', async () => {
    const broken: RateLimitStore = { hit: async () => Promise.reject(new Error('down')), close: async () => {} };
    const hook = rateLimitHook(broken, { name: 'x', max: 1, windowMs: 1000 });
    const reply = { header: () => reply };
    const request = { site: null, ip: '1.2.3.4', log: { warn: () => {} } };
    await expect(hook(request as never, reply as never)).resolves.toBeUndefined();
  });

  it('keeps a bounded number of counters in memory, forgetting the least recently used', async () => {
    const store = new MemoryRateLimitStore(2);
    expect(await store.hit('a', 60_000, 0)).toBe(1);
    expect(await store.hit('a', 60_000, 0)).toBe(2);
    expect(await store.hit('b', 60_000, 0)).toBe(1);
    expect(await store.hit('c', 60_000, 0)).toBe(1);
    expect(await store.hit('a', 60_000, 0)).toBe(1);
    expect(await store.hit('c', 60_000, 0)).toBe(2);
  });

  it('refuses nonsensical rules', () => {
    const store = new MemoryRateLimitStore();
    expect(() => rateLimitHook(store, { name: 'x', max: 0, windowMs: 1000 })).toThrow(TypeError);
    expect(() => rateLimitHook(store, { name: 'x', max: 1, windowMs: 0.5 })).toThrow(TypeError);
  });
});

function storeUnderTest(): RateLimitStore {
  return process.env.REDIS_URL ? new RedisRateLimitStore(process.env.REDIS_URL, `emporium:test:${process.pid}:${Date.now()}:`) : new MemoryRateLimitStore();
}

describe(`per-client limits with a per-site ceiling for accepted requests (${process.env.REDIS_URL ? 'Redis' : 'in-memory'} store)`, () => {
  let t: TestApp;
  let store: RateLimitStore;
  let now = 6_000_000;
  beforeAll(async () => {
    store = storeUnderTest();
    const limits = clientRateLimit(store, { name: 'tiered', perClient: 2, perSite: 3, windowMs: 60_000, message: 'Slow down.' }, () => now);
    t = await createTestApp({
      rateLimitStore: store,
      setup: (app) => {
        app.get('/api/test/tiered', { onRequest: limits.onRequest }, async (request, reply) => {
          if ((request.query as Record<string, unknown>).valid !== '1') throw new AppError('BAD_REQUEST', 'Not valid.');
          await limits.acceptForSite(request, reply);
          return { ok: true };
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  const call = (host: string, ip: string, crumb: string | undefined, valid: boolean) =>
    t.app.inject({ url: `/api/test/tiered?valid=${valid ? 1 : 0}`, remoteAddress: ip, headers: { host, ...(crumb ? { cookie: `crumb=${crumb}` } : {}) } });

  it('counts each client (address and crumb cookie) on its own; 429 with Retry-After and the rule message', async () => {
    const host = t.hostOf(await t.createSite({ identifier: 'tier-client', title: 'C' }));
    const [a, b] = [await fetchCrumb(t.app, host), await fetchCrumb(t.app, host)];
    now = 6_000_000 + 15_000;
    expect((await call(host, '10.1.0.1', a, false)).statusCode).toBe(400);
    expect((await call(host, '10.1.0.1', a, true)).statusCode).toBe(200);
    const refused = await call(host, '10.1.0.1', a, true);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.json()).toEqual({ error: 'RATE_LIMITED', message: 'Slow down.' });
    expect((await call(host, '10.1.0.1', b, true)).statusCode).toBe(200);
    expect((await call(host, '10.1.0.2', a, true)).statusCode).toBe(200);
  });

  it('puts requests without a genuine crumb cookie of one address in one bucket', async () => {
    const host = t.hostOf(await t.createSite({ identifier: 'tier-none', title: 'N' }));
    expect((await call(host, '10.2.0.1', undefined, false)).statusCode).toBe(400);
    expect((await call(host, '10.2.0.1', 'forged-crumb-value-0000000000000000000000', false)).statusCode).toBe(400);
    expect((await call(host, '10.2.0.1', undefined, false)).statusCode).toBe(429);
  });

  it(`limits one address to ${CLIENTS_PER_ADDRESS} clients' worth of requests, however often it changes cookies`, async () => {
    const host = t.hostOf(await t.createSite({ identifier: 'tier-address', title: 'A' }));
    for (let i = 0; i < 2 * CLIENTS_PER_ADDRESS; i += 1) expect((await call(host, '10.3.0.1', await fetchCrumb(t.app, host), false)).statusCode).toBe(400);
    expect((await call(host, '10.3.0.1', await fetchCrumb(t.app, host), false)).statusCode).toBe(429);
    expect((await call(host, '10.3.0.2', await fetchCrumb(t.app, host), false)).statusCode).toBe(400);
  });

  it('spends the site ceiling only on accepted requests', async () => {
    const host = t.hostOf(await t.createSite({ identifier: 'tier-site', title: 'S' }));
    for (let i = 0; i < 10; i += 1) expect((await call(host, `10.4.0.${i}`, undefined, false)).statusCode).toBe(400);
    for (let i = 0; i < 3; i += 1) expect((await call(host, `10.4.1.${i}`, undefined, true)).statusCode).toBe(200);
    const refused = await call(host, '10.4.2.1', undefined, true);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const other = t.hostOf(await t.createSite({ identifier: 'tier-other', title: 'O' }));
    expect((await call(other, '10.4.2.1', undefined, true)).statusCode).toBe(200);
  });
});

describe.skipIf(!process.env.REDIS_URL)('Redis rate-limit store', () => {
  it('shares counts between two store instances (two server processes) and expires them', async () => {
    const prefix = `emporium:test:${process.pid}:${Date.now()}:`;
    const a: RateLimitStore = new RedisRateLimitStore(process.env.REDIS_URL!, prefix);
    const b: RateLimitStore = new RedisRateLimitStore(process.env.REDIS_URL!, prefix);
    try {
      expect(await a.hit('k', 300, 0)).toBe(1);
      expect(await b.hit('k', 300, 0)).toBe(2);
      expect(await a.hit('k', 300, 0)).toBe(3);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await b.hit('k', 300, 0)).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
