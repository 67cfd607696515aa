import type { BrowserContext, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForHydration } from './support/browser.js';
import { useStoreAndBrowser } from './support/store-and-browser.js';

const STEP_TIMEOUT = 10_000;

/** Answers the collector's tracking calls itself with `status` and keeps what they carried. */
async function answerTracking(context: BrowserContext, status = 202) {
  const calls: Array<{ path: string; body: string; headers: Record<string, string> }> = [];
  const paths = ['/api/v1/clanker/events', '/api/events/RecordJavascriptErrors'];
  await context.route(
    (url) => paths.includes(url.pathname),
    async (route: Route) => {
      const request = route.request();
      calls.push({ path: new URL(request.url()).pathname, body: request.postData() ?? '', headers: await request.allHeaders() });
      await route.fulfill({ status, body: '' });
    },
  );
  return calls;
}

async function until<T>(read: () => T | undefined): Promise<T> {
  const deadline = Date.now() + STEP_TIMEOUT;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('analytics collector calls in Chromium (spec 7, issue 13)', () => {
  const env = useStoreAndBrowser();

  it('sends a product view and an add to cart as newer-client events', async () => {
    const context = await env.browser.newContext();
    const calls = await answerTracking(context);
    const page = await context.newPage();
    await page.goto(`${env.store.siteUrl()}/shop/hedgerow-sewing-pattern`);
    await waitForHydration(page);
    const itemId = await page.evaluate(() => document.body.dataset.itemId);
    const events = () =>
      calls.filter((c) => c.path === '/api/v1/clanker/events').map((c) => JSON.parse(c.body) as { eventSchemaName: string; eventContent: string });
    const view = await until(() => events().find((e) => e.eventSchemaName === 'product_view'));
    const content = JSON.parse(view.eventContent) as Record<string, unknown>;
    const cookies = Object.fromEntries((await context.cookies(page.url())).map((c) => [c.name, c.value]));
    expect(content).toMatchObject({
      object_identifier: itemId,
      page_path: '/shop/hedgerow-sewing-pattern',
      page_host: 'demo.localhost',
      analytics_id: cookies.SS_ANALYTICS_ID,
      marketing_id: cookies.SS_MID,
      session_id: cookies.SS_SESSION_ID,
      source_environment: 'dev',
      client_name: 'emporium-storefront',
    });

    await page.locator('.product-form .add-to-cart__button').click();
    await page.locator('.add-to-cart__button[data-state="added"]').waitFor({ timeout: STEP_TIMEOUT });
    const add = await until(() => events().find((e) => e.eventSchemaName === 'add_to_cart'));
    expect(JSON.parse(add.eventContent)).toMatchObject({ object_identifier: itemId });
    expect(calls.every((c) => c.headers['x-csrf-token'] === cookies.crumb)).toBe(true);
    await context.close();
  }, 60_000);

  it('sends checkout start, purchase (once, however often the confirmation is reloaded) and newsletter sign-up events along the funnel', async () => {
    const context = await env.browser.newContext();
    const calls = await answerTracking(context);
    const events = () =>
      calls.filter((c) => c.path === '/api/v1/clanker/events').map((c) => JSON.parse(c.body) as { eventSchemaName: string; eventContent: string });
    const page = await context.newPage();
    const base = env.store.siteUrl();
    await page.goto(`${base}/shop/hedgerow-sewing-pattern`);
    await waitForHydration(page);
    await page.locator('.product-form .add-to-cart__button').click();
    await page.locator('.add-to-cart__button[data-state="added"]').waitFor({ timeout: STEP_TIMEOUT });

    await page.goto(`${base}/checkout`);
    await waitForHydration(page);
    const start = await until(() => events().find((e) => e.eventSchemaName === 'checkout_start'));
    expect(JSON.parse(start.eventContent)).toMatchObject({ page_path: '/checkout' });
    const checkout = page.locator('form.checkout');
    await checkout.getByLabel('Email').fill('ada@example.com');
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\/[0-9a-f]{32}$/, { timeout: STEP_TIMEOUT });
    const orderId = page.url().split('/').pop();
    const purchase = await until(() => events().find((e) => e.eventSchemaName === 'purchase'));
    expect(JSON.parse(purchase.eventContent)).toMatchObject({ object_identifier: orderId });
    await page.reload({ waitUntil: 'load' });

    await page.goto(`${base}/contact`);
    await waitForHydration(page);
    const card = page.locator('.newsletter-card').first();
    await card.locator('input[type="email"]').fill('reader@example.com');
    await card.locator('button[type="submit"]').click();
    await page.getByText('Thank you! Look out for our next letter.').first().waitFor({ timeout: STEP_TIMEOUT });
    await until(() => events().find((e) => e.eventSchemaName === 'newsletter_sign_up'));
    expect(
      events()
        .map((e) => e.eventSchemaName)
        .filter((name) => name !== 'page_view'),
    ).toEqual(['product_view', 'add_to_cart', 'checkout_start', 'purchase', 'newsletter_sign_up']);
    // And one page view for every page shown, the reloaded confirmation included (the owner's visits come from these).
    const confirmed = `/checkout/order-confirmed/${orderId}`;
    const viewed = events()
      .filter((e) => e.eventSchemaName === 'page_view')
      .map((e) => (JSON.parse(e.eventContent) as { page_path: string }).page_path);
    expect(viewed).toEqual(['/shop/hedgerow-sewing-pattern', '/checkout', confirmed, confirmed, '/contact']);
    await context.close();
  }, 90_000);

  it('reports a script error 1 s later with the crumb in the CSRF header', async () => {
    const context = await env.browser.newContext();
    const calls = await answerTracking(context);
    const page = await context.newPage();
    await page.goto(`${env.store.siteUrl()}/about`, { waitUntil: 'load' });
    const thrownAt = Date.now();
    await page.evaluate(() => {
      setTimeout(() => {
        throw new TypeError('analytics e2e failure');
      });
    });
    const report = await until(() => calls.find((c) => c.path === '/api/events/RecordJavascriptErrors'));
    expect(Date.now() - thrownAt).toBeGreaterThanOrEqual(900);
    const [event] = JSON.parse(report.body) as Array<{ event: string; data: Record<string, unknown>; timestamp: number }>;
    expect(event).toMatchObject({ event: 'javascript_error', data: { message: 'analytics e2e failure', errorType: 'TypeError', url: page.url() } });
    expect(String(event!.data.stack)).toContain('analytics e2e failure');
    const crumb = (await context.cookies(page.url())).find((c) => c.name === 'crumb')?.value;
    expect(report.headers['x-csrf-token']).toBe(crumb);
    await context.close();
  }, 60_000);

  it("warns 'Error tracking event: HTTP Status {code}' when a call is not accepted, and the page keeps working", async () => {
    const context = await env.browser.newContext();
    await answerTracking(context, 503);
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(`${env.store.siteUrl()}/shop/hedgerow-sewing-pattern`);
    await waitForHydration(page);
    await until(() => warnings.find((w) => w === 'Error tracking event: HTTP Status 503'));
    await page.locator('.product-form .add-to-cart__button').click();
    await page.locator('.add-to-cart__button[data-state="added"]').waitFor({ timeout: STEP_TIMEOUT });
    await context.close();
  }, 60_000);

  it('sends the page_speed record as text/plain when the page is hidden', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const records: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/1/performance/records') records.push(request);
    });
    await page.goto(`${env.store.siteUrl()}/shop/linen-camp-shirt`, { waitUntil: 'load' });
    await waitForHydration(page);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const request = await until(() => records[0]);
    expect(request.headers()['content-type']).toMatch(/^text\/plain/);
    const [record] = JSON.parse(request.postData() ?? '[]') as Array<{
      app: string;
      event: string;
      pageLoadId: string;
      raw: boolean;
      data: Record<string, number | string>;
    }>;
    expect(record).toMatchObject({
      app: 'storefront',
      event: 'page_speed',
      raw: true,
      data: { hostname: 'demo.localhost', pathname: '/shop/linen-camp-shirt' },
    });
    expect(record!.data.firstContentfulPaint).toBeGreaterThan(0);
    expect(record!.data.responseStart).toBeGreaterThan(0);
    expect(record!.data.cumulativeLayoutShift).toBeGreaterThanOrEqual(0);
    expect(records).toHaveLength(1);
    await context.close();
  }, 60_000);
});
