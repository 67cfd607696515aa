/**
 * The account area in Chromium (issue 28, acceptance 1 and 4): a visitor registers, opens the
 * verification link from the outbox, signs in, saves an address, buys a product with it at
 * checkout, sees the order in /account, signs out and signs in again by mail link; an account
 * call without the X-SiteUser-XSRF-Token header is refused; then the person erases the account
 * and its data from /account. /account is axe-clean at 1280 and 390 px.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outbox, shippingOptions } from '../packages/server/src/db/schema.js';
import { addOwner } from '../packages/server/src/owner-accounts/index.js';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/repository.js';
import { launchBrowser, openPage, seriousA11yViolations, waitForHydration } from './support/browser.js';
import { signInAt } from './support/dashboard.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'account-visitor@example.com';
const PASSWORD = 'a long shopper passphrase';
const STEP = 15_000;
const OWNER_EMAIL = 'customers-owner@example.com';
const OWNER_PASSWORD = 'correct horse battery staple';

describe('the account area of a signed-in customer (issue 28, acceptance 1 and 4)', () => {
  let store: RunningStore;
  let browser: Browser;
  let websiteId: string;

  beforeAll(async () => {
    store = await startStore();
    browser = await launchBrowser();
    websiteId = (await findWebsiteByIdentifier(store.app.emporium.db, 'demo'))!.id;
    await store.app.emporium.db.insert(shippingOptions).values({ websiteId, name: 'Colissimo', priceCents: 900, countries: ['FR'], displayIndex: 0 });
    await addOwner(store.app.emporium.db, { websiteId, email: OWNER_EMAIL, role: 'admin', password: OWNER_PASSWORD }, { ownerId: null, email: null });
  });
  afterAll(async () => {
    await browser?.close();
    await store?.close();
  });

  /** The site path of the newest mail's link of `kind` to the visitor. */
  async function mailedPath(kind: string, path: string): Promise<string> {
    const [mail] = await store.app.emporium.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.websiteId, websiteId), eq(outbox.kind, kind), eq(outbox.toAddress, EMAIL)))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    const match = mail?.textBody.match(new RegExp(`https?://[^\\s/]+(${path}\\?token=[A-Za-z0-9_%-]+)`));
    if (!match) throw new Error(`no ${kind} mail with a ${path} link`);
    return match[1]!;
  }

  /** A state-changing account call from the page, with the crumb, and the XSRF header when given. */
  function localeCall(page: Page, xsrfToken: string | null, language = 'fr') {
    return page.evaluate(
      async ([token, language]) => {
        const crumb = decodeURIComponent(document.cookie.match(/(?:^|; )crumb=([^;]*)/)?.[1] ?? '');
        const headers: Record<string, string> = { 'content-type': 'application/json', 'x-csrf-token': crumb };
        if (token) headers['X-SiteUser-XSRF-Token'] = token;
        const response = await fetch('/api/site-users/account/locale', { method: 'POST', headers, body: JSON.stringify({ language }) });
        return { status: response.status, body: await response.json() };
      },
      [xsrfToken, language] as const,
    );
  }

  it('register → verify → sign in → save an address → buy with it → the order in /account → sign out → mail link → erase', async () => {
    const { page, errors } = await openPage(browser);
    const context = page.context();
    const base = store.siteUrl();
    await page.goto(`${base}/account/register`);
    await page.getByLabel('Name').fill('Ada Account');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Check your email: we sent a link to confirm your address.');
    await page.goto(`${base}${await mailedPath('site-user-verify', '/account/verify')}`);
    expect(await page.getByRole('status').textContent()).toBe('Your email address is confirmed. You can sign in now.');

    await page.goto(`${base}/account/login`);
    await page.locator('#account-email').fill(EMAIL);
    await page.locator('#account-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/account$/);
    const info = (await context.cookies()).find((c) => c.name === 'SiteUserInfo');
    const siteUserId = JSON.parse(decodeURIComponent(info!.value)).siteUserId as string;
    expect(JSON.parse(decodeURIComponent(info!.value))).toEqual({ authenticated: true, siteUserId: expect.any(String) });

    const session = await page.evaluate(() => fetch('/api/site-users/account/session').then((r) => r.json()));
    expect(session).toMatchObject({ authenticated: true, xsrfToken: expect.any(String) });
    const refused = await localeCall(page, null);
    expect(refused.status).toBe(403);
    expect(refused.body.xsrfFail).toBe(true);
    expect((await localeCall(page, session.xsrfToken)).status).toBe(200);
    // Back to English: the rest of the visit (and the sign-in mail below) is in the site's language.
    expect((await localeCall(page, session.xsrfToken, 'en-US')).status).toBe(200);

    await page.getByRole('link', { name: 'Add an address' }).click();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Account');
    await page.getByLabel('Address', { exact: true }).fill('12 Rue Haute');
    await page.getByLabel('City').fill('Lyon');
    await page.getByLabel('Postal code').fill('69001');
    await page.getByLabel('Country code').fill('FR');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.waitForURL(/\/account#addresses$/);
    expect(await page.locator('.account-addresses').textContent()).toContain('12 Rue Haute');

    await page.goto(`${base}/shop/waxed-canvas-tote`);
    await waitForHydration(page);
    const product = page.locator('.product-form');
    await product.locator('.add-to-cart__button').click();
    await product.locator('.add-to-cart__button[data-state="added"]').waitFor({ timeout: STEP });
    await page.goto(`${base}/checkout`);
    await waitForHydration(page);
    const checkout = page.locator('form.checkout');
    await expect.poll(() => checkout.getByLabel('Address', { exact: true }).inputValue(), { timeout: STEP }).toBe('12 Rue Haute');
    expect(await checkout.getByLabel('Saved addresses').count()).toBe(1);
    await checkout.getByLabel('Email').fill(EMAIL);
    const shipping = checkout.getByRole('radio');
    await shipping.first().waitFor({ timeout: STEP });
    await shipping.first().check();
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\/[0-9a-f]{32}$/, { timeout: STEP });
    const [order] = await store.app.emporium.db
      .select()
      .from(orders)
      .where(and(eq(orders.websiteId, websiteId), eq(orders.customerEmail, EMAIL)));
    expect(order!.shippingAddress).toMatchObject({ address1: '12 Rue Haute', city: 'Lyon', country: 'FR' });

    await page.goto(`${base}/account`);
    // The account area is drawn inside the site's theme: its header (with the site's navigation) and footer.
    expect(await page.locator('header').count()).toBeGreaterThan(0);
    expect(await page.locator('footer').count()).toBeGreaterThan(0);
    expect(await page.title()).toContain('Your account');
    const orderLink = page.getByRole('link', { name: `#${order!.orderNumber}` });
    expect(await orderLink.getAttribute('href')).toMatch(/^\/checkout\/order-status\//);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/\/account\/login\?signedOut=1$/);
    expect((await context.cookies()).some((c) => c.name === 'SiteUserInfo')).toBe(false);
    await page.locator('#account-link-email').fill(EMAIL);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('If an account with this email exists, a sign-in link and code are on their way.');
    await page.goto(`${base}${await mailedPath('site-user-sign-in', '/account/login/link')}`);
    await page.waitForURL(/\/account$/);
    expect(await page.textContent('main')).toContain(`Signed in as Ada Account (${EMAIL})`);

    await page.getByLabel('Yes, erase my account and my data').check();
    await page.getByRole('button', { name: 'Erase account and data' }).click();
    await page.waitForURL(`${base}/`);
    expect((await context.cookies()).some((c) => c.name === 'SiteUserInfo' || c.name === 'emporium_site_user')).toBe(false);
    const db = store.app.emporium.db;
    const left = (await db.execute(
      sql`SELECT (SELECT count(*) FROM site_users WHERE id = ${siteUserId})::int AS accounts,
        (SELECT count(*) FROM site_user_addresses WHERE site_user_id = ${siteUserId})::int AS addresses,
        (SELECT count(*) FROM orders WHERE website_id = ${websiteId} AND lower(customer_email) = ${EMAIL})::int AS orders,
        (SELECT count(*) FROM orders WHERE website_id = ${websiteId} AND id = ${order!.id})::int AS kept`,
    )) as unknown as { rows: { accounts: number; addresses: number; orders: number; kept: number }[] };
    expect(left.rows[0]).toEqual({ accounts: 0, addresses: 0, orders: 0, kept: 1 });
    await page.goto(`${base}/account`);
    await page.waitForURL(/\/account\/login$/);
    expect(errors.filter((e) => !/status of (401|403)/.test(e))).toEqual([]);
  }, 180_000);

  it('an owner finds a customer on the Customers screen, opens them, tags them, grants and revokes a membership (confirmed), writes a note, and erases them after confirming in a dialog', async () => {
    const email = 'erase-me@example.com';
    const shopper = await openPage(browser);
    const base = store.siteUrl();
    await shopper.page.goto(`${base}/account/register`);
    await shopper.page.getByLabel('Email').fill(email);
    await shopper.page.getByLabel('Password').fill(PASSWORD);
    await shopper.page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => shopper.page.getByRole('status').textContent()).toContain('Check your email');
    await shopper.page.context().close();

    const { page, errors, context } = await signInAt(browser, '/customers', { dashboard: store.dashboardUrl(), email: OWNER_EMAIL, password: OWNER_PASSWORD });
    await page.getByLabel('Email contains').fill('ERASE-ME');
    await page.getByRole('button', { name: 'Search customers' }).click();
    const link = page.getByRole('link', { name: email });
    await link.waitFor({ timeout: STEP });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await link.click();
    await page.getByRole('heading', { name: email, level: 1 }).waitFor({ timeout: STEP });
    expect(await page.textContent('main')).toContain('No orders yet.');
    // Tags, a membership granted and revoked, and a note (issue 28, owner side).
    await page.getByLabel('New tag').fill('Wholesale');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('list', { name: 'Tags of this customer' }).getByText('Wholesale').waitFor({ timeout: STEP });
    await page.getByLabel('New note').fill('Asked about trade prices');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByRole('list', { name: 'Notes, newest first' }).getByText('Asked about trade prices').waitFor({ timeout: STEP });
    await page.getByRole('button', { name: 'Grant membership' }).click();
    const held = page.getByRole('list', { name: 'Member areas of this customer' });
    await held.waitFor({ timeout: STEP });
    expect(await held.textContent()).toContain('granted by an owner');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await held.getByRole('button', { name: 'Revoke', exact: true }).click();
    const revoke = page.getByRole('dialog', { name: /^Revoke .+ for erase-me@example\.com\?$/ });
    await revoke.waitFor({ timeout: STEP });
    await revoke.getByRole('button', { name: 'Revoke membership' }).click();
    await expect.poll(() => page.textContent('main'), { timeout: STEP }).toContain('Not a member of any member area.');
    await page.getByRole('button', { name: 'Erase', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Erase ${email}?` });
    await dialog.waitFor({ timeout: STEP });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Erase', exact: true }).click();
    await dialog.getByRole('button', { name: 'Erase customer and data' }).click();
    await page.getByRole('heading', { name: 'Customer erased', level: 1 }).waitFor({ timeout: STEP });
    const left = (await store.app.emporium.db.execute(
      sql`SELECT count(*)::int AS n FROM site_users WHERE website_id = ${websiteId} AND email = ${email}`,
    )) as unknown as { rows: { n: number }[] };
    expect(left.rows[0]!.n).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
