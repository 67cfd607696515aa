import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, codeIn, enableAccounts, lastMail, linkIn, TEST_SITE_USER_PASSWORD } from '../../test-support/site-users.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { cartEntries, carts } from '../db/schema.js';
import { ownerSignInThrottle } from '../db/schema-owners.js';
import { cookieChangesPage } from '../pages/page-cache/index.js';
import type { Website } from '../sites/index.js';
import { MAX_CODE_FAILURES, SiteUserMessages, SITE_USER_COOKIE, SECURE_SITE_USER_COOKIE, TOKEN_RULES } from './index.js';

const API = '/api/site-users/account';
const MINUTE = 60_000;

describe('site users: mailed links and codes, reset, carts (issue 28)', () => {
  let t: TestApp;
  let site: Website;
  let clock = new Date('2026-12-01T10:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, config: { outboxPollMs: 600_000 }, rateLimitStore: { hit: async () => 1, close: async () => {} } });
    site = await t.createSite({ identifier: 'links', title: 'Links' });
    await enableAccounts(t.testDb.db, site.id);
  }, 60_000);
  afterAll(() => t.close());

  async function account(email: string): Promise<void> {
    const browser = await Browser.open(t.app, t.hostOf(site));
    await browser.send('POST', `${API}/register`, { json: { email, password: TEST_SITE_USER_PASSWORD } });
    await browser.send('GET', linkIn((await lastMail(t.testDb.db, site.id, 'site-user-verify', email)).textBody, '/account/verify'));
  }

  async function mailedLink(email: string): Promise<{ link: string; code: string }> {
    const browser = await Browser.open(t.app, t.hostOf(site));
    const asked = await browser.send('POST', `${API}/sign-in-link`, { json: { email } });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(SiteUserMessages.LINK_SENT);
    const mail = await lastMail(t.testDb.db, site.id, 'site-user-sign-in', email);
    return { link: linkIn(mail.textBody, '/account/login/link'), code: codeIn(mail.textBody) };
  }

  async function open(link: string) {
    const browser = await Browser.open(t.app, t.hostOf(site));
    const response = await browser.send('GET', link);
    return { browser, response };
  }

  it('signs in by the mailed link, which survives a scanner opening it first, up to its uses', async () => {
    await account('link@example.com');
    const { link } = await mailedLink('link@example.com');
    const uses = TOKEN_RULES['sign-in'].maxUses;
    for (let i = 0; i < uses; i++) {
      const { browser, response } = await open(link);
      expect(response.statusCode, `use ${i + 1}`).toBe(303);
      expect(response.headers.location).toBe('/account');
      expect(browser.jar.has(SITE_USER_COOKIE)).toBe(true);
      const page = await browser.send('GET', '/account');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('link@example.com');
    }
    const { response } = await open(link);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(SiteUserMessages.LINK_INVALID);
  });

  it('stops a used link after its grace, and an unused one after 24 hours', async () => {
    await account('grace@example.com');
    const { link } = await mailedLink('grace@example.com');
    expect((await open(link)).response.statusCode).toBe(303);
    advance(TOKEN_RULES['sign-in'].graceSeconds! * 1000 - MINUTE);
    expect((await open(link)).response.statusCode).toBe(303);
    advance(2 * MINUTE);
    expect((await open(link)).response.statusCode).toBe(400);

    const fresh = await mailedLink('grace@example.com');
    advance(TOKEN_RULES['sign-in'].seconds * 1000 + 1000);
    expect((await open(fresh.link)).response.statusCode).toBe(400);
  });

  it('signs in by the code in another browser; wrong codes burn it', async () => {
    await account('code@example.com');
    const { code } = await mailedLink('code@example.com');
    const other = await Browser.open(t.app, t.hostOf(site));
    const signedIn = await other.send('POST', `${API}/sign-in-code`, { json: { email: 'code@example.com', code } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().xsrfToken).toBeTruthy();

    const second = await mailedLink('code@example.com');
    const wrong = second.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_CODE_FAILURES; i++) {
      const refused = await (await Browser.open(t.app, t.hostOf(site))).send('POST', `${API}/sign-in-code`, {
        json: { email: 'code@example.com', code: wrong },
      });
      expect([401, 429]).toContain(refused.statusCode);
    }
    // Forget the address's failures so only the code's own limit is left to refuse.
    await t.testDb.db.delete(ownerSignInThrottle).where(eq(ownerSignInThrottle.websiteId, site.id));
    const late = await (await Browser.open(t.app, t.hostOf(site))).send('POST', `${API}/sign-in-code`, {
      json: { email: 'code@example.com', code: second.code },
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(SiteUserMessages.CODE_INVALID);
  });

  it('answers a link request the same for an unknown email, and mails nothing', async () => {
    const asked = await (await Browser.open(t.app, t.hostOf(site))).send('POST', `${API}/sign-in-link`, { json: { email: 'nobody@example.com' } });
    expect(asked.statusCode).toBe(202);
    await expect(lastMail(t.testDb.db, site.id, 'site-user-sign-in', 'nobody@example.com')).rejects.toThrow();
  });

  it('resets the password once per link, ending every session', async () => {
    await account('reset@example.com');
    const browser = await Browser.open(t.app, t.hostOf(site));
    await browser.send('POST', `${API}/session`, { json: { email: 'reset@example.com', password: TEST_SITE_USER_PASSWORD } });
    expect((await browser.send('POST', `${API}/password-reset`, { json: { email: 'reset@example.com' } })).statusCode).toBe(202);
    const link = linkIn((await lastMail(t.testDb.db, site.id, 'site-user-password-reset', 'reset@example.com')).textBody, '/account/reset');
    const token = new URLSearchParams(link.split('?')[1]).get('token')!;
    const form = await browser.send('GET', link);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<label for="account-password">New password</label>');
    const newPassword = 'a brand new passphrase';
    const done = await browser.send('POST', `${API}/password-reset/confirm`, { json: { token, password: newPassword } });
    expect(done.json().message).toBe(SiteUserMessages.PASSWORD_CHANGED);
    expect((await browser.send('GET', `${API}/session`)).json().authenticated).toBe(false);
    expect((await browser.send('POST', `${API}/password-reset/confirm`, { json: { token, password: newPassword } })).statusCode).toBe(400);
    const signedIn = await browser.send('POST', `${API}/session`, { json: { email: 'reset@example.com', password: newPassword } });
    expect(signedIn.statusCode).toBe(200);
  });

  it('expires sessions: a browser session after a day, a remembered one after 30 days', async () => {
    await account('clock@example.com');
    const short = await Browser.open(t.app, t.hostOf(site));
    const long = await Browser.open(t.app, t.hostOf(site));
    await short.send('POST', `${API}/session`, { json: { email: 'clock@example.com', password: TEST_SITE_USER_PASSWORD } });
    const remembered = await long.send('POST', `${API}/session`, { json: { email: 'clock@example.com', password: TEST_SITE_USER_PASSWORD, rememberMe: true } });
    expect(remembered.cookies.find((c) => c.name === SITE_USER_COOKIE)!.maxAge).toBe(30 * 24 * 3600);
    advance(25 * 60 * MINUTE);
    expect((await short.send('GET', `${API}/session`)).json().authenticated).toBe(false);
    expect((await long.send('GET', `${API}/session`)).json().authenticated).toBe(true);
  });

  it('hands the guest cart to the account on sign-in, and with cloneCart leaves a guest copy on sign-out', async () => {
    await account('cart@example.com');
    const db = t.testDb.db;
    const cartWith = async (itemId: string, quantity: number) => {
      const [cart] = await db.insert(carts).values({ websiteId: site.id }).returning();
      await db.insert(cartEntries).values({ websiteId: site.id, cartId: cart!.id, itemId, quantity });
      return cart!.id;
    };
    const browser = await Browser.open(t.app, t.hostOf(site));
    const guest = await cartWith('item-a', 2);
    browser.jar.set('emporium_cart', guest);
    browser.jar.set('hasCart', '2');
    const first = await browser.send('POST', `${API}/session`, { json: { email: 'cart@example.com', password: TEST_SITE_USER_PASSWORD } });
    const [claimed] = await db.select().from(carts).where(eq(carts.id, guest));
    expect(claimed!.siteUserId).toBe(first.json().siteUser.id);

    const other = await Browser.open(t.app, t.hostOf(site));
    const second = await cartWith('item-a', 1);
    await db.insert(cartEntries).values({ websiteId: site.id, cartId: second, itemId: 'item-b', quantity: 3 });
    other.jar.set('emporium_cart', second);
    const signedIn = await other.send('POST', `${API}/session`, { json: { email: 'cart@example.com', password: TEST_SITE_USER_PASSWORD } });
    expect(other.jar.get('emporium_cart')).toBe(guest);
    expect(other.jar.get('hasCart')).toBe('6');
    const lines = await db
      .select()
      .from(cartEntries)
      .where(and(eq(cartEntries.websiteId, site.id), eq(cartEntries.cartId, guest)));
    expect(Object.fromEntries(lines.map((l) => [l.itemId, l.quantity]))).toEqual({ 'item-a': 3, 'item-b': 3 });
    expect(await db.select().from(carts).where(eq(carts.id, second))).toEqual([]);

    const xsrf = { 'x-siteuser-xsrf-token': signedIn.json().xsrfToken };
    await other.send('DELETE', `${API}/session?cloneCart=true`, { headers: xsrf });
    const copy = other.jar.get('emporium_cart')!;
    expect(copy).toMatch(/^[0-9a-f]{32}$/);
    expect(copy).not.toBe(guest);
    const copied = await db.select().from(cartEntries).where(eq(cartEntries.cartId, copy));
    expect(copied.map((l) => l.quantity).sort()).toEqual([3, 3]);

    const xsrf2 = { 'x-siteuser-xsrf-token': (await browser.send('GET', `${API}/session`)).json().xsrfToken };
    await browser.send('DELETE', `${API}/session?cloneCart=false`, { headers: xsrf2 });
    expect(browser.jar.has('emporium_cart')).toBe(false);
  });

  it('signs in from the sign-in page with a form post and shows errors beside the form', async () => {
    await account('page@example.com');
    const browser = await Browser.open(t.app, t.hostOf(site));
    const page = await browser.send('GET', '/account/login');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<label for="account-email">Email</label>');
    const wrong = await browser.send('POST', '/account/login', { form: { email: 'page@example.com', password: 'not the password' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain(`role="alert" id="account-notice">${SiteUserMessages.SIGN_IN_FAILED}`);
    const right = await browser.send('POST', '/account/login', { form: { email: 'page@example.com', password: TEST_SITE_USER_PASSWORD } });
    expect(right.statusCode).toBe(303);
    const mine = await browser.send('GET', '/account');
    const xsrfToken = mine.body.match(/name="xsrfToken" value="([^"]+)"/)![1]!;
    expect((await browser.send('POST', '/account/logout', { form: { xsrfToken: 'forged' } })).statusCode).toBe(403);
    const out = await browser.send('POST', '/account/logout', { form: { xsrfToken } });
    expect(out.statusCode).toBe(303);
    expect(browser.jar.has(SITE_USER_COOKIE)).toBe(false);
  });

  it('escapes what the visitor typed when a page shows it again', async () => {
    const response = await (await Browser.open(t.app, t.hostOf(site))).send('POST', '/account/login/link', { form: { 'link-email': '"><script>x</script>' } });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('<script>x</script>');
    expect(response.body).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('makes the session cookie one that keeps a visitor from shared cached pages', () => {
    expect(cookieChangesPage(SITE_USER_COOKIE)).toBe(true);
    expect(cookieChangesPage(SECURE_SITE_USER_COOKIE)).toBe(true);
    expect(cookieChangesPage('SiteUserInfo')).toBe(true);
  });
});
