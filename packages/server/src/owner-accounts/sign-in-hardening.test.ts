import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeOwner, ownerHeaders, signInOwner, TEST_OWNER_PASSWORD } from '../../test-support/owners.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { ownerSignInThrottle } from '../db/schema-owners.js';
import type { Website } from '../sites/index.js';
import { SAME_PASSWORD_MESSAGE } from './session-routes.js';
import { addOwner, issueSetupLink, LINK_INVALID_MESSAGE, SESSION_PATH, SETUP_PATH, SIGN_IN_LOCKED_MESSAGE, SITE_HAS_OWNER_MESSAGE } from './index.js';

/** Median of a list of numbers. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The device cookie a successful sign-in set, `name=value`. */
function deviceCookieOf(response: LightMyRequestResponse): string {
  const list = response.headers['set-cookie'] as string[];
  return list.find((cookie) => /^(__Host-)?emporium_device_/.test(cookie))!.split(';')[0]!;
}

describe('#24: sign-in and reset that give nothing away, and lockouts nobody else can cause', () => {
  let t: TestApp;
  let site: Website;
  let host: string;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitStore: { hit: async () => 1, close: async () => {} }, config: { outboxPollMs: 600_000 } });
    site = await t.createSite({ identifier: 'hardening', title: 'Hardening' });
    host = t.hostOf(site);
    await makeOwner(t.testDb.db, site.id, 'exists@example.com', 'admin');
    await makeOwner(t.testDb.db, site.id, 'victim@example.com', 'admin');
    await makeOwner(t.testDb.db, site.id, 'same@example.com', 'editor');
  });
  afterAll(() => t.close());

  const signIn = async (email: string, password: string, remoteAddress = '203.0.113.1', cookies: string[] = []) => {
    const headers = await ownerHeaders(t.app, host, cookies);
    return t.app.inject({
      method: 'POST',
      url: SESSION_PATH,
      remoteAddress,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password }),
    });
  };

  /**
   * Times `rounds` of 30 interleaved pairs (existing, missing; the order alternating) and passes
   * when the medians of one round are within 20 % of each other: a leak (no hash for unknown
   * emails: 13 ms against 42 ms before the fix) fails every round, while a round that another
   * process on the machine slowed unevenly is measured again.
   */
  async function sameTimeEitherWay(
    attempt: (kind: 'exists' | 'missing', i: number) => Promise<void>,
    settle: () => Promise<void> = async () => {},
    rounds = 3,
  ) {
    const seen: string[] = [];
    for (let round = 0; round < rounds; round++) {
      const times = { exists: [] as number[], missing: [] as number[] };
      for (let i = 0; i < 30; i++) {
        for (const kind of i % 2 ? (['exists', 'missing'] as const) : (['missing', 'exists'] as const)) {
          const started = performance.now();
          await attempt(kind, i);
          times[kind].push(performance.now() - started);
          await settle();
        }
      }
      const ratio = median(times.missing) / median(times.exists);
      seen.push(`missing ${median(times.missing).toFixed(2)} ms / existing ${median(times.exists).toFixed(2)} ms = ${ratio.toFixed(2)}`);
      if (ratio > 0.8 && ratio < 1.2) return;
    }
    expect.fail(`the medians differ by more than 20 % in every round: ${seen.join('; ')}`);
  }

  it('takes as long to refuse a missing email as a wrong password (medians of 30 within 20 %)', async () => {
    await signIn('missing@example.com', 'warm up the decoy hash');
    await sameTimeEitherWay(async (kind, i) => {
      await t.testDb.db.delete(ownerSignInThrottle).where(eq(ownerSignInThrottle.websiteId, site.id));
      const response = await signIn(kind === 'exists' ? 'exists@example.com' : `missing${i}@example.com`, `wrong password ${i}`);
      expect(response.statusCode).toBe(401);
    });
  }, 180_000);

  it('answers a password reset as fast for a missing account as for an existing one (medians of 30 within 20 %)', async () => {
    const headers = { ...(await ownerHeaders(t.app, host)), 'content-type': 'application/json' };
    await sameTimeEitherWay(
      async (kind, i) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/owner/password-reset',
          headers,
          payload: JSON.stringify({ email: kind === 'exists' ? 'exists@example.com' : `missing${i}@example.com` }),
        });
        expect(response.statusCode).toBe(202);
      },
      async () => {
        // Let the link of an answer be written (after the answer) before the next one is timed.
        await new Promise((resolve) => setTimeout(resolve, 150));
      },
    );
  }, 180_000);

  // The first lock lasts 1 s, less than a few argon2 hashes take on a loaded machine: the lockout
  // tests stop the server's clock (the throttle's only clock) so a lock ends only when they say.
  const stopClock = () => vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
  const clockGoesOn = (ms: number) => vi.setSystemTime(Date.now() + ms);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets the owner in from a device that signed in before while failures from many addresses lock everyone else out', async () => {
    stopClock();
    const first = await signIn('victim@example.com', TEST_OWNER_PASSWORD, '198.51.100.7');
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);
    const otherDevice = deviceCookieOf(await signIn('exists@example.com', TEST_OWNER_PASSWORD, '198.51.100.9'));
    // An attacker spreads wrong passwords over 30 addresses, 2 each (under every per-address limit).
    for (let address = 0; address < 30; address++)
      for (let attempt = 0; attempt < 2; attempt++)
        expect([401, 429]).toContain((await signIn('victim@example.com', 'a guessed password', `192.0.2.${address + 1}`)).statusCode);
    // From a new device, even with the right password, the account is locked for now.
    const untrusted = await signIn('victim@example.com', TEST_OWNER_PASSWORD, '198.51.100.99');
    expect(untrusted.statusCode).toBe(429);
    expect(untrusted.json().message).toBe(SIGN_IN_LOCKED_MESSAGE);
    expect(Number(untrusted.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // A device cookie of another account proves nothing for this one.
    expect((await signIn('victim@example.com', TEST_OWNER_PASSWORD, '198.51.100.9', [otherDevice])).statusCode).toBe(429);
    // The owner's own browser, from its usual address or a new one, still gets in.
    expect((await signIn('victim@example.com', TEST_OWNER_PASSWORD, '198.51.100.7', [device])).statusCode).toBe(200);
    expect((await signIn('victim@example.com', TEST_OWNER_PASSWORD, '198.51.100.8', [device])).statusCode).toBe(200);
  }, 60_000);

  it('locks one address after 5 failures on an account without touching the same account elsewhere', async () => {
    await makeOwner(t.testDb.db, site.id, 'pair@example.com', 'viewer');
    stopClock();
    for (let i = 0; i < 6; i++) expect((await signIn('pair@example.com', `wrong ${i}`, '203.0.113.50')).statusCode).toBe(401);
    const locked = await signIn('pair@example.com', TEST_OWNER_PASSWORD, '203.0.113.50');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('1');
    expect((await signIn('pair@example.com', TEST_OWNER_PASSWORD, '203.0.113.51')).statusCode).toBe(200);
    clockGoesOn(900);
    expect((await signIn('pair@example.com', TEST_OWNER_PASSWORD, '203.0.113.50')).statusCode).toBe(429);
    // The first lock lasts one second; then the right password gets in from that address too.
    clockGoesOn(200);
    expect((await signIn('pair@example.com', TEST_OWNER_PASSWORD, '203.0.113.50')).statusCode).toBe(200);
  });

  it('refuses to change a password, the one-time one included, to the same password', async () => {
    const { oneTimePassword } = await addOwner(
      t.testDb.db,
      { websiteId: site.id, email: 'one-time@example.com', role: 'viewer' },
      { ownerId: null, email: null },
    );
    const newcomer = await signInOwner(t.app, host, 'one-time@example.com', oneTimePassword);
    const kept = await newcomer.call('PUT', '/api/owner/password', { currentPassword: oneTimePassword, newPassword: oneTimePassword });
    expect(kept.statusCode).toBe(400);
    expect(kept.json().message).toBe(SAME_PASSWORD_MESSAGE);
    expect((await newcomer.call('GET', SESSION_PATH)).json().owner.mustChangePassword).toBe(true);

    const owner = await signInOwner(t.app, host, 'same@example.com');
    const same = await owner.call('PUT', '/api/owner/password', { currentPassword: TEST_OWNER_PASSWORD, newPassword: TEST_OWNER_PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ message: SAME_PASSWORD_MESSAGE, fields: { newPassword: SAME_PASSWORD_MESSAGE } });
    expect(
      (await owner.call('PUT', '/api/owner/password', { currentPassword: TEST_OWNER_PASSWORD, newPassword: 'a different long password' })).statusCode,
    ).toBe(204);
  });

  it('makes the first owner from the latest setup link only while the site has none', async () => {
    const fresh = await t.createSite({ identifier: 'first-owner', title: 'First' });
    const tokenOf = (link: string) => decodeURIComponent(link.split('#token=')[1]!);
    const setUp = async (token: string, onHost: string, email = 'first@example.com') =>
      t.app.inject({
        method: 'POST',
        url: SETUP_PATH,
        headers: {
          ...(await ownerHeaders(t.app, t.hostOf(fresh))),
          ...(onHost === 'site' ? { host: t.hostOf(fresh) } : {}),
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ token, email, password: 'the first owner password' }),
      });
    const older = tokenOf(await issueSetupLink(t.testDb.db, fresh, t.app.emporium.config));
    const link = tokenOf(await issueSetupLink(t.testDb.db, fresh, t.app.emporium.config));
    expect((await setUp(older, 'admin')).json().message).toBe(LINK_INVALID_MESSAGE);
    const made = await setUp(link, 'admin');
    expect(made.statusCode).toBe(200);
    expect(made.json().owner).toMatchObject({ email: 'first@example.com', role: 'admin' });
    const late = tokenOf(await issueSetupLink(t.testDb.db, fresh, t.app.emporium.config));
    const refused = await setUp(late, 'admin', 'second@example.com');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SITE_HAS_OWNER_MESSAGE);
  });
});
