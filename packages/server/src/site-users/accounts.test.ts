import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOwner, ownerHeaders, signInOwner } from '../../test-support/owners.js';
import { Browser, enableAccounts, lastMail, linkIn, TEST_SITE_USER_PASSWORD } from '../../test-support/site-users.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { trackingEvents } from '../db/schema.js';
import { parseSiteUserInfo } from '../http/site-user-info.js';
import { OWNER_SIGN_IN_REQUIRED } from '../owner-sessions/index.js';
import type { Website } from '../sites/index.js';
import { SITE_USER_SETTINGS_PATH, SiteUserMessages } from './index.js';

const API = '/api/site-users/account';

describe('site users: register, confirm, sign in, XSRF, sign out (issue 28)', () => {
  let t: TestApp;
  let a: Website;
  let b: Website;

  beforeAll(async () => {
    t = await createTestApp({ config: { outboxPollMs: 600_000 }, rateLimitStore: { hit: async () => 1, close: async () => {} } });
    a = await t.createSite({ identifier: 'shop-a', title: 'Shop A' });
    b = await t.createSite({ identifier: 'shop-b', title: 'Shop B' });
  }, 60_000);
  afterAll(() => t.close());

  /** Registers and confirms an account on a site; returns a fresh browser of that site. */
  async function confirmedAccount(site: Website, email: string): Promise<Browser> {
    const browser = await Browser.open(t.app, t.hostOf(site));
    expect((await browser.send('POST', `${API}/register`, { json: { email, password: TEST_SITE_USER_PASSWORD } })).statusCode).toBe(202);
    const mail = await lastMail(t.testDb.db, site.id, 'site-user-verify', email);
    expect((await browser.send('GET', linkIn(mail.textBody, '/account/verify'))).statusCode).toBe(200);
    return browser;
  }

  async function signIn(browser: Browser, email: string, rememberMe = false) {
    return browser.send('POST', `${API}/session`, { json: { email, password: TEST_SITE_USER_PASSWORD, rememberMe } });
  }

  it('answers 404 while the site has accounts off (the default)', async () => {
    const browser = await Browser.open(t.app, t.hostOf(a));
    const response = await browser.send('POST', `${API}/session`, { json: { email: 'x@example.com', password: 'whatever' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(SiteUserMessages.ACCOUNTS_OFF);
    expect((await browser.send('GET', '/account/login')).statusCode).toBe(404);
  });

  it('lets an owner with settings:write turn accounts on, and refuses the call without an owner session', async () => {
    await makeOwner(t.testDb.db, a.id, 'owner@a.example', 'admin');
    const owner = await signInOwner(t.app, t.hostOf(a), 'owner@a.example');
    expect((await owner.call('GET', SITE_USER_SETTINGS_PATH)).json()).toEqual({ accountsEnabled: false });
    const saved = await owner.call('PUT', SITE_USER_SETTINGS_PATH, { accountsEnabled: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ accountsEnabled: true });
    const audit = (await owner.call('GET', '/api/owner/audit')).json() as { entries: { action: string; detail: unknown }[] };
    expect(audit.entries.find((e) => e.action === 'site-users.settings')?.detail).toEqual({ accountsEnabled: true });
    const anonymous = await t.app.inject({ method: 'GET', url: SITE_USER_SETTINGS_PATH, headers: await ownerHeaders(t.app, t.hostOf(a)) });
    expect(anonymous.statusCode).toBe(401);
    await enableAccounts(t.testDb.db, b.id);
  });

  it('registers, refuses sign-in until the address is confirmed, then signs in with xsrfToken and SiteUserInfo', async () => {
    const browser = await Browser.open(t.app, t.hostOf(a));
    const email = 'ada@example.com';
    const registered = await browser.send('POST', `${API}/register`, {
      json: { email: 'Ada@Example.com', password: TEST_SITE_USER_PASSWORD, displayName: 'Ada' },
    });
    expect(registered.statusCode).toBe(202);
    expect(registered.json().message).toBe(SiteUserMessages.REGISTERED);
    const early = await signIn(browser, email);
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(SiteUserMessages.EMAIL_NOT_VERIFIED);

    const mail = await lastMail(t.testDb.db, a.id, 'site-user-verify', email);
    const verified = await browser.send('GET', linkIn(mail.textBody, '/account/verify'));
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toContain(SiteUserMessages.EMAIL_VERIFIED);

    const response = await signIn(browser, email, true);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.xsrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.siteUser).toMatchObject({ email, displayName: 'Ada', emailVerified: true });
    const info = parseSiteUserInfo(browser.jar.get('SiteUserInfo'));
    expect(info).toEqual({ authenticated: true, siteUserId: body.siteUser.id });
    const session = response.cookies.find((c) => c.name === 'emporium_site_user')!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect((await browser.send('GET', `${API}/session`)).json()).toMatchObject({ authenticated: true, xsrfToken: body.xsrfToken });
  });

  it('refuses state-changing account calls without the X-SiteUser-XSRF-Token header, and accepts them with it', async () => {
    const browser = await confirmedAccount(a, 'grace@example.com');
    const { xsrfToken } = (await signIn(browser, 'grace@example.com')).json();
    for (const [method, url, json] of [
      ['POST', `${API}/locale`, { language: 'fr' }],
      ['DELETE', `${API}/session?cloneCart=false`, undefined],
      ['POST', `${API}/sessions/revoke-all`, {}],
      ['DELETE', API, undefined],
    ] as const) {
      for (const headers of [{}, { 'x-siteuser-xsrf-token': 'not-the-token' }] as Record<string, string>[]) {
        const refused = await browser.send(method, url, { json, headers });
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.json()).toMatchObject({ message: SiteUserMessages.XSRF_FAILED, xsrfFail: true });
      }
    }
    const locale = await browser.send('POST', `${API}/locale`, { json: { language: 'pt_br' }, headers: { 'x-siteuser-xsrf-token': xsrfToken } });
    expect(locale.statusCode).toBe(200);
    expect(locale.json()).toEqual({ language: 'pt-BR' });
    const bad = await browser.send('POST', `${API}/locale`, { json: { language: 'not a language' }, headers: { 'x-siteuser-xsrf-token': xsrfToken } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SiteUserMessages.LANGUAGE_INVALID);
  });

  it('signs out with the crumb and the XSRF header; without the crumb the answer carries crumbFail', async () => {
    const browser = await confirmedAccount(a, 'linus@example.com');
    const { xsrfToken } = (await signIn(browser, 'linus@example.com')).json();
    const noCrumb = await t.app.inject({
      method: 'DELETE',
      url: `${API}/session`,
      headers: { host: t.hostOf(a), cookie: browser.cookieHeader(), 'x-siteuser-xsrf-token': xsrfToken },
    });
    expect(noCrumb.statusCode).toBe(401);
    expect(noCrumb.json().crumbFail).toBe(true);
    const out = await browser.send('DELETE', `${API}/session`, { headers: { 'x-siteuser-xsrf-token': xsrfToken } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ signedOut: true });
    expect(browser.jar.has('emporium_site_user')).toBe(false);
    expect(browser.jar.has('SiteUserInfo')).toBe(false);
    expect((await browser.send('GET', `${API}/session`)).json()).toEqual({ authenticated: false, siteUser: null, xsrfToken: null });
    const again = await browser.send('DELETE', `${API}/session`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ signedOut: true, endedSessions: 0 });
  });

  it('signs out everywhere: every browser of the account loses its session', async () => {
    const first = await confirmedAccount(a, 'mary@example.com');
    const second = await Browser.open(t.app, t.hostOf(a));
    const { xsrfToken } = (await signIn(first, 'mary@example.com')).json();
    await signIn(second, 'mary@example.com');
    const all = await first.send('POST', `${API}/sessions/revoke-all`, { json: {}, headers: { 'x-siteuser-xsrf-token': xsrfToken } });
    expect(all.json()).toEqual({ signedOut: true, endedSessions: 2 });
    expect((await second.send('GET', `${API}/session`)).json().authenticated).toBe(false);
    expect(second.jar.has('SiteUserInfo')).toBe(false);
  });

  it('deletes the account: it can no longer sign in, and the email can register again', async () => {
    const browser = await confirmedAccount(a, 'gone@example.com');
    const { xsrfToken } = (await signIn(browser, 'gone@example.com')).json();
    const deleted = await browser.send('DELETE', API, { headers: { 'x-siteuser-xsrf-token': xsrfToken } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(SiteUserMessages.ACCOUNT_DELETED);
    expect((await signIn(await Browser.open(t.app, t.hostOf(a)), 'gone@example.com')).statusCode).toBe(401);
  });

  it('keeps sites apart: an account of site A cannot sign in on site B, nor its session count there', async () => {
    const browser = await confirmedAccount(a, 'tenant@example.com');
    await signIn(browser, 'tenant@example.com');
    const onB = await Browser.open(t.app, t.hostOf(b));
    const refused = await signIn(onB, 'tenant@example.com');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(SiteUserMessages.SIGN_IN_FAILED);
    onB.jar.set('emporium_site_user', browser.jar.get('emporium_site_user')!);
    expect((await onB.send('GET', `${API}/session`)).json().authenticated).toBe(false);
  });

  it('never mixes owner and site-user credentials', async () => {
    const browser = await confirmedAccount(a, 'shopper@example.com');
    await signIn(browser, 'shopper@example.com');
    const asOwner = await t.app.inject({
      method: 'GET',
      url: SITE_USER_SETTINGS_PATH,
      headers: await ownerHeaders(t.app, t.hostOf(a), [`emporium_site_user=${browser.jar.get('emporium_site_user')}`]),
    });
    expect(asOwner.statusCode).toBe(401);
    expect(asOwner.json().message).toBe(OWNER_SIGN_IN_REQUIRED);
    const onDashboard = await t.app.inject({
      method: 'GET',
      url: `${API}/session`,
      headers: await ownerHeaders(t.app, t.hostOf(a), [`emporium_site_user=${browser.jar.get('emporium_site_user')}`]),
    });
    // The dashboard's origin answers owner calls only; the site-user guard refuses there as well.
    expect([403, 404]).toContain(onDashboard.statusCode);
    expect(onDashboard.json().authenticated).toBeUndefined();
    const owner = await signInOwner(t.app, t.hostOf(a), 'owner@a.example');
    const stranger = await Browser.open(t.app, t.hostOf(a));
    for (const part of owner.cookie.split('; ')) stranger.jar.set(part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1));
    stranger.jar.set('crumb', stranger.crumb);
    expect((await stranger.send('GET', `${API}/session`)).json().authenticated).toBe(false);
  });

  it('throttles failed sign-ins per account and source: 429 with Retry-After', async () => {
    await confirmedAccount(a, 'locked@example.com');
    const browser = await Browser.open(t.app, t.hostOf(a));
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 7; i++) {
      last = await browser.send('POST', `${API}/session`, { json: { email: 'locked@example.com', password: 'wrong password here' } });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses).toContain(429);
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const right = await signIn(browser, 'locked@example.com');
    expect(right.statusCode).toBe(429);
  });

  it('answers registration the same for a taken email, and mails its owner instead', async () => {
    await confirmedAccount(a, 'taken@example.com');
    const again = await (await Browser.open(t.app, t.hostOf(a))).send('POST', `${API}/register`, {
      json: { email: 'taken@example.com', password: 'another long password' },
    });
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toBe(SiteUserMessages.REGISTERED);
    expect((await lastMail(t.testDb.db, a.id, 'site-user-account-exists', 'taken@example.com')).subject).toContain('already have an account');
    const old = await signIn(await Browser.open(t.app, t.hostOf(a)), 'taken@example.com');
    expect(old.statusCode).toBe(200);
  });

  it("withholds the bodies of customers' mails from owners reading the outbox", async () => {
    await confirmedAccount(a, 'private@example.com');
    const owner = await signInOwner(t.app, t.hostOf(a), 'owner@a.example');
    const { mails } = (await owner.call('GET', '/api/owner/outbox')).json() as {
      mails: { kind: string; toAddress: string; textBody: string; htmlBody: string }[];
    };
    const mine = mails.filter((m) => m.toAddress === 'private@example.com');
    expect(mine.map((m) => m.kind)).toContain('site-user-verify');
    for (const mail of mine) {
      expect(mail.textBody).not.toContain('token=');
      expect(mail.htmlBody).not.toContain('token=');
    }
  });

  it('records no visits of a signed-in customer (role none), and records them again after sign-out (spec 6)', async () => {
    const browser = await confirmedAccount(a, 'visits@example.com');
    const visitor = 'visitor-0028|1700000000000|1700000000000|1700000000000|1';
    browser.jar.set('ss_cvr', visitor);
    const census = async () =>
      (
        await t.testDb.db
          .select()
          .from(trackingEvents)
          .where(and(eq(trackingEvents.websiteId, a.id), eq(trackingEvents.source, 'census')))
      ).length;
    const hit = () =>
      browser.send('POST', '/api/census/RecordHit', {
        form: { event: 'view', data: JSON.stringify({ event: 'view', url: `http://${t.hostOf(a)}/` }), ss_cvr: visitor },
      });
    const { xsrfToken } = (await signIn(browser, 'visits@example.com')).json();
    const before = await census();
    expect((await hit()).statusCode).toBe(204);
    expect(await census()).toBe(before);
    await browser.send('DELETE', `${API}/session`, { headers: { 'x-siteuser-xsrf-token': xsrfToken } });
    expect((await hit()).statusCode).toBe(204);
    expect(await census()).toBe(before + 1);
  });
});
