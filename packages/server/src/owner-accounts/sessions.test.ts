import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOwner, ownerClient, ownerHeaders, signInOwner, TEST_OWNER_PASSWORD } from '../../test-support/owners.js';
import { cookieFrom, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { ownerTokens } from '../db/schema-owners.js';
import { outbox } from '../db/schema.js';
import { OWNER_SESSIONS_ON_DASHBOARD, OWNER_SIGN_IN_REQUIRED, PASSWORD_CHANGE_REQUIRED, permissionsOf } from '../owner-sessions/index.js';
import type { Website } from '../sites/index.js';
import {
  addOwner,
  AUDIT_PATH,
  CURRENT_PASSWORD_WRONG,
  LINK_INVALID_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  SESSION_PATH,
  SIGN_IN_FAILED_MESSAGE,
  SIGN_IN_LOCKED_MESSAGE,
} from './index.js';

const NEW_PASSWORD = 'a much longer new password';

describe('owner accounts: sign-in, sessions, passwords (issue 12 "Owner accounts instead of one shared token")', () => {
  let t: TestApp;
  let a: Website;
  let b: Website;
  let host: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { outboxPollMs: 600_000 } });
    a = await t.createSite({ identifier: 'owners-a', title: 'Shop A' });
    b = await t.createSite({ identifier: 'owners-b', title: 'Shop B' });
    host = t.hostOf(a);
    await makeOwner(t.testDb.db, a.id, 'Admin@Example.com', 'admin');
    await makeOwner(t.testDb.db, a.id, 'viewer@example.com', 'viewer');
    await makeOwner(t.testDb.db, b.id, 'admin@example.com', 'admin', 'the other site password');
  });
  afterAll(() => t.close());

  const signIn = async (email: string, password: string, targetHost = host, extra: Record<string, string> = {}) => {
    const headers = await ownerHeaders(t.app, targetHost);
    return t.app.inject({
      method: 'POST',
      url: SESSION_PATH,
      headers: { ...headers, 'content-type': 'application/json', ...extra },
      payload: JSON.stringify({ email, password }),
    });
  };

  it('signs in by email (any case) and password with an HttpOnly, SameSite=Strict session cookie of 256 random bits, on the dashboard origin (#24)', async () => {
    const response = await signIn('ADMIN@example.com', TEST_OWNER_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      owner: { id: expect.any(String), email: 'admin@example.com', role: 'admin', mustChangePassword: false, permissions: permissionsOf('admin') },
      site: { id: a.id, identifier: 'owners-a', title: 'Shop A', url: expect.stringMatching(/^http:\/\/owners-a\.localhost(:\d+)?$/) },
    });
    const setCookie = (response.headers['set-cookie'] as string[]).find((cookie) => cookie.startsWith('emporium_owner_'))!;
    expect(setCookie).toMatch(new RegExp(`^emporium_owner_${a.id}=[A-Za-z0-9_-]{43};`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).not.toMatch(/Secure|Domain/);
    const client = await ownerClient(t.app, host, `emporium_owner_${a.id}=${cookieFrom(response, `emporium_owner_${a.id}`)}`);
    expect(client.host).toBe('admin.localhost');
    expect((await client.call('GET', SESSION_PATH)).json().owner.email).toBe('admin@example.com');
  });

  it('#24: refuses to sign in on a site origin, and reads no owner cookie there', async () => {
    const crumb = await t.app.emporium.crumbs.issue(a.id);
    const onSite = await t.app.inject({
      method: 'POST',
      url: SESSION_PATH,
      headers: { host, cookie: `crumb=${crumb}`, 'x-csrf-token': crumb, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'admin@example.com', password: TEST_OWNER_PASSWORD }),
    });
    expect(onSite.statusCode).toBe(403);
    expect(onSite.json().message).toBe(OWNER_SESSIONS_ON_DASHBOARD);
    expect(onSite.headers['set-cookie'] ?? '').not.toMatch(/emporium_owner/);
    // A session cookie of the dashboard sent to the site (as if planted there) is never read.
    const owner = await signInOwner(t.app, host, 'admin@example.com');
    const planted = await t.app.inject({ method: 'GET', url: AUDIT_PATH, headers: { host, cookie: owner.sessionCookie } });
    expect(planted.statusCode).toBe(401);
    expect(planted.json().message).toBe(OWNER_SIGN_IN_REQUIRED);
  });

  it("answers 401 'Email or password is incorrect.' for a wrong password and for an unknown email alike", async () => {
    for (const [email, password] of [
      ['viewer@example.com', 'not the password at all'],
      ['nobody@example.com', TEST_OWNER_PASSWORD],
      ['admin@example.com', 'the other site password'],
    ]) {
      const response = await signIn(email!, password!);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'UNAUTHORIZED', message: SIGN_IN_FAILED_MESSAGE });
      expect(String(response.headers['set-cookie'] ?? '')).not.toMatch(/emporium_owner/);
    }
  });

  it('a session of one site never works on another (401), nor does no session', async () => {
    const onA = await signInOwner(t.app, host, 'admin@example.com');
    const onB = await ownerClient(t.app, t.hostOf(b), onA.sessionCookie);
    // The same token under the other site's cookie name is no session of that site either.
    const renamed = await ownerClient(t.app, t.hostOf(b), onA.sessionCookie.replace(a.id, b.id));
    for (const url of [SESSION_PATH, AUDIT_PATH, '/api/owner/owners']) {
      for (const client of [onB, renamed]) {
        const refused = await client.call('GET', url);
        expect(refused.statusCode).toBe(401);
        expect(refused.json().message).toBe(OWNER_SIGN_IN_REQUIRED);
      }
      expect((await t.app.inject({ method: 'GET', url, headers: { host: 'admin.localhost', 'x-emporium-site': 'owners-a' } })).statusCode).toBe(401);
    }
    expect((await onA.call('GET', AUDIT_PATH)).statusCode).toBe(200);
  });

  it('#24: names the site of a download link in its query (GET only), since a link carries no header', async () => {
    const owner = await signInOwner(t.app, host, 'admin@example.com');
    const link = (method: 'GET' | 'POST', site: string) =>
      t.app.inject({ method, url: `${AUDIT_PATH}?_site=${site}`, headers: { host: 'admin.localhost', cookie: owner.cookie, 'x-csrf-token': owner.crumb } });
    expect((await link('GET', 'owners-a')).statusCode).toBe(200);
    expect((await link('GET', 'owners-b')).statusCode).toBe(401);
    expect((await link('GET', 'no-such-site')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: AUDIT_PATH, headers: { host: 'admin.localhost', cookie: owner.cookie } })).statusCode).toBe(404);
  });

  it('takes the role from the account: a viewer may not read the audit log (403)', async () => {
    const viewer = await signInOwner(t.app, host, 'viewer@example.com');
    expect((await viewer.call('GET', SESSION_PATH)).json().owner.role).toBe('viewer');
    expect((await viewer.call('GET', AUDIT_PATH)).statusCode).toBe(403);
  });

  it('signs out of one session, and everywhere', async () => {
    const one = await signInOwner(t.app, host, 'viewer@example.com');
    const two = await signInOwner(t.app, host, 'viewer@example.com');
    const three = await signInOwner(t.app, host, 'viewer@example.com');
    const out = await one.call('DELETE', SESSION_PATH);
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`emporium_owner_${a.id}=;.*Max-Age=0`));
    expect((await one.call('GET', SESSION_PATH)).statusCode).toBe(401);
    expect((await two.call('GET', SESSION_PATH)).statusCode).toBe(200);
    expect((await two.call('POST', `${SESSION_PATH}/revoke-all`)).statusCode).toBe(204);
    expect((await two.call('GET', SESSION_PATH)).statusCode).toBe(401);
    expect((await three.call('GET', SESSION_PATH)).statusCode).toBe(401);
  });

  it('changes the password: checks the current one and the length, keeps this session and ends the others', async () => {
    await makeOwner(t.testDb.db, a.id, 'changer@example.com', 'editor');
    const here = await signInOwner(t.app, host, 'changer@example.com');
    const elsewhere = await signInOwner(t.app, host, 'changer@example.com');
    const wrong = await here.call('PUT', '/api/owner/password', { currentPassword: 'wrong wrong wrong', newPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: CURRENT_PASSWORD_WRONG, fields: { currentPassword: CURRENT_PASSWORD_WRONG } });
    const short = await here.call('PUT', '/api/owner/password', { currentPassword: TEST_OWNER_PASSWORD, newPassword: 'too short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { newPassword: 'The password must have at least 12 characters.' } });
    expect((await here.call('PUT', '/api/owner/password', { currentPassword: TEST_OWNER_PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await here.call('GET', SESSION_PATH)).statusCode).toBe(200);
    expect((await elsewhere.call('GET', SESSION_PATH)).statusCode).toBe(401);
    expect((await signIn('changer@example.com', TEST_OWNER_PASSWORD)).statusCode).toBe(401);
    expect((await signIn('changer@example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('counts wrong current passwords of a password change against the account (429 after 5 failures)', async () => {
    await makeOwner(t.testDb.db, a.id, 'stolen-session@example.com', 'viewer');
    const thief = await signInOwner(t.app, host, 'stolen-session@example.com');
    for (let i = 0; i < 6; i++)
      expect((await thief.call('PUT', '/api/owner/password', { currentPassword: `guess number ${i}`, newPassword: NEW_PASSWORD })).statusCode).toBe(400);
    const locked = await thief.call('PUT', '/api/owner/password', { currentPassword: TEST_OWNER_PASSWORD, newPassword: NEW_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('holds a one-time password owner to changing it before anything else (403)', async () => {
    const { oneTimePassword } = await addOwner(t.testDb.db, { websiteId: a.id, email: 'first@example.com', role: 'admin' }, { ownerId: null, email: null });
    expect(oneTimePassword).toMatch(/^[A-Za-z0-9]{20}$/);
    const first = await signInOwner(t.app, host, 'first@example.com', oneTimePassword);
    expect((await first.call('GET', SESSION_PATH)).json().owner.mustChangePassword).toBe(true);
    const held = await first.call('GET', AUDIT_PATH);
    expect(held.statusCode).toBe(403);
    expect(held.json()).toMatchObject({ message: PASSWORD_CHANGE_REQUIRED, mustChangePassword: true });
    expect((await first.call('PUT', '/api/owner/password', { currentPassword: oneTimePassword, newPassword: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await first.call('GET', SESSION_PATH)).json().owner.mustChangePassword).toBe(false);
    expect((await first.call('GET', AUDIT_PATH)).statusCode).toBe(200);
  });

  it('resets a password by mail: same answer for unknown accounts, single use, 15 minutes, sessions end', async () => {
    await makeOwner(t.testDb.db, a.id, 'forgetful@example.com', 'editor');
    const before = await signInOwner(t.app, host, 'forgetful@example.com');
    const headers = { ...(await ownerHeaders(t.app, host)), 'content-type': 'application/json' };
    const ask = (email: string) => t.app.inject({ method: 'POST', url: '/api/owner/password-reset', headers, payload: JSON.stringify({ email }) });
    const unknown = await ask('nobody@example.com');
    const known = await ask('Forgetful@example.com');
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(known.json()).toEqual(unknown.json());
    // The link is made after the answer, so the answer takes as long for unknown accounts (#24).
    await expect.poll(async () => (await t.testDb.db.select().from(outbox).where(eq(outbox.kind, 'owner-password-reset'))).length).toBe(1);
    const mails = await t.testDb.db.select().from(outbox).where(eq(outbox.kind, 'owner-password-reset'));
    expect(mails.map((m) => m.toAddress)).toEqual(['forgetful@example.com']);
    const token = decodeURIComponent(/#token=([^\s"<]+)/.exec(mails[0]!.textBody)![1]!);
    expect(mails[0]!.textBody).toMatch(/http:\/\/admin\.localhost(:\d+)?\/sites\/owners-a\/reset-password#token=/);
    const stored = await t.testDb.db.select().from(ownerTokens).where(eq(ownerTokens.purpose, 'reset'));
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);
    expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBeCloseTo(15 * 60_000, -4);

    const confirm = (body: unknown, onHost = host) =>
      ownerHeaders(t.app, onHost).then((h) =>
        t.app.inject({
          method: 'POST',
          url: '/api/owner/password-reset/confirm',
          headers: { ...h, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        }),
      );
    expect((await confirm({ token, password: NEW_PASSWORD }, t.hostOf(b))).json().message).toBe(LINK_INVALID_MESSAGE);
    expect((await confirm({ token, password: NEW_PASSWORD })).statusCode).toBe(204);
    const again = await confirm({ token, password: 'yet another password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(LINK_INVALID_MESSAGE);
    expect((await before.call('GET', SESSION_PATH)).statusCode).toBe(401);
    expect((await signIn('forgetful@example.com', NEW_PASSWORD)).statusCode).toBe(200);

    await ask('forgetful@example.com');
    await expect.poll(async () => (await t.testDb.db.select().from(outbox).where(eq(outbox.kind, 'owner-password-reset'))).length).toBe(2);
    const [latest] = await t.testDb.db.select().from(outbox).where(eq(outbox.kind, 'owner-password-reset')).orderBy(sql`${outbox.createdAt} desc`).limit(1);
    const late = decodeURIComponent(/#token=([^\s"<]+)/.exec(latest!.textBody)![1]!);
    await t.testDb.db
      .update(ownerTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(ownerTokens.purpose, 'reset')));
    expect((await confirm({ token: late, password: NEW_PASSWORD })).json().message).toBe(LINK_INVALID_MESSAGE);
  });

  it('locks an account after 5 failures with growing delays (429 + Retry-After), even for the right password', async () => {
    await makeOwner(t.testDb.db, a.id, 'target@example.com', 'viewer');
    for (let i = 0; i < 5; i++) expect((await signIn('target@example.com', `wrong password ${i}`)).statusCode).toBe(401);
    expect((await signIn('target@example.com', TEST_OWNER_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 6; i++) expect((await signIn('target@example.com', `wrong password ${i}`)).statusCode).toBe(401);
    const locked = await signIn('target@example.com', TEST_OWNER_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(SIGN_IN_LOCKED_MESSAGE);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await signIn('viewer@example.com', TEST_OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it('locks a client address after 20 failures across accounts on a site', async () => {
    const onB = t.hostOf(b);
    for (let i = 0; i < 21; i++) expect((await signIn(`guess${i}@example.com`, 'a wrong password', onB)).statusCode).toBe(401);
    const locked = await signIn('admin@example.com', 'the other site password', onB);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('1');
    expect((await signIn('viewer@example.com', TEST_OWNER_PASSWORD)).statusCode).toBe(200);
  });
});
