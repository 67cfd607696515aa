import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { Browser, lastMail, linkIn, TEST_SITE_USER_PASSWORD } from '../../test-support/site-users.js';
import { findWebsiteByIdentifier } from '../sites/repository.js';

const CACHE = 'x-page-cache';

describe("the page cache and signed-in customers (issue 28): a customer's page is never shared", () => {
  let t: PagesTestApp;
  let customer: Browser;

  beforeAll(async () => {
    t = await createPagesTestApp();
    const site = await findWebsiteByIdentifier(t.testDb.db, 'demo');
    customer = await Browser.open(t.app, 'demo.localhost');
    await customer.send('POST', '/api/site-users/account/register', { json: { email: 'cached@example.com', password: TEST_SITE_USER_PASSWORD } });
    await customer.send('GET', linkIn((await lastMail(t.testDb.db, site!.id, 'site-user-verify', 'cached@example.com')).textBody, '/account/verify'));
    const signedIn = await customer.send('POST', '/api/site-users/account/session', {
      json: { email: 'cached@example.com', password: TEST_SITE_USER_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
  }, 120_000);
  afterAll(() => t?.close());

  it('renders fresh for the signed-in customer before and after a visitor fills the cache, and never stores their page', async () => {
    const first = await customer.send('GET', '/shop', { headers: { accept: 'text/html' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers[CACHE]).toBe('bypass');
    const visitor = await t.get('demo', '/shop', { accept: 'text/html' });
    expect(visitor.headers[CACHE]).toBe('miss');
    expect((await t.get('demo', '/shop', { accept: 'text/html' })).headers[CACHE]).toBe('hit');
    const again = await customer.send('GET', '/shop', { headers: { accept: 'text/html' } });
    expect(again.headers[CACHE]).toBe('bypass');
  });

  it('bypasses the cache for either cookie alone: the session or SiteUserInfo', async () => {
    for (const name of ['emporium_site_user', 'SiteUserInfo']) {
      const cookie = `${name}=${encodeURIComponent(customer.jar.get(name)!)}`;
      const response = await t.get('demo', '/shop', { accept: 'text/html', cookie });
      expect(response.headers[CACHE], name).toBe('bypass');
    }
  });
});
