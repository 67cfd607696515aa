import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, PAY_OK, Visitor } from '../../test-support/commerce-test-kit.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { orders } from '../db/index.js';
import { paymentAccounts } from '../db/schema-payments.js';
import { staticIslandAssets } from './island-assets.js';

const STRIPE_SOURCES = {
  'script-src': ['https://js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
};

/** The sources of each directive of a response's Content-Security-Policy. */
function policyOf(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(/;\s*/)
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...sources] = d.split(/\s+/);
        return [name, sources];
      }),
  );
}

function allowsStripe(header: unknown): boolean {
  const policy = policyOf(header);
  return Object.entries(STRIPE_SOURCES).some(([name, sources]) => sources.some((s) => policy[name]?.includes(s)));
}

function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('checkout pages of a site with Stripe, and the order received page (page type 207)', () => {
  let t: PagesTestApp;
  let websiteId: string;
  let orderId: string;
  let token: string;
  let orderNumber: number;
  let seedBox: { itemId: string; sku: string };

  beforeAll(async () => {
    t = await createPagesTestApp({ islands: staticIslandAssets(true) });
    const shirt = await t.context('demo', '/shop/linen-camp-shirt');
    websiteId = shirt.json.website.id;
    const box = await t.context('demo', '/shop/seasonal-seed-box');
    seedBox = { itemId: box.json.item.id, sku: box.json.item.structuredContent?.variants?.[0]?.sku ?? '' };
    const visitor = new Visitor(t.app, 'demo.localhost');
    expect((await visitor.add(shirt.json.item.id, 'FF-SHIRT-SAGE-M', 1)).statusCode).toBe(200);
    const placed = await visitor.checkout({ email: 'ada@example.com', shippingAddress: ADDRESS, payment: PAY_OK });
    expect(placed.statusCode).toBe(200);
    orderId = placed.json().order.id;
    const [row] = await t.testDb.db.select().from(orders).where(eq(orders.id, orderId));
    token = row!.statusToken!;
    orderNumber = row!.orderNumber;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function connectStripe(testMode: boolean): Promise<void> {
    await t.testDb.db.delete(paymentAccounts).where(eq(paymentAccounts.websiteId, websiteId));
    await t.testDb.db.insert(paymentAccounts).values({
      websiteId,
      provider: 'stripe',
      publishableKey: testMode ? 'pk_test_demo123' : 'pk_live_demo123',
      secretKeySealed: 'sealed',
      webhookSecretSealed: 'sealed',
      testMode,
      accountCountry: 'US',
    });
  }
  async function disconnectStripe(): Promise<void> {
    await t.testDb.db.delete(paymentAccounts).where(eq(paymentAccounts.websiteId, websiteId));
  }
  async function setPaymentStatus(status: string): Promise<void> {
    await t.testDb.db
      .update(orders)
      .set({ paymentStatus: status })
      .where(and(eq(orders.websiteId, websiteId), eq(orders.id, orderId)));
  }

  it('gives the checkout island the public Stripe config and allows Stripe.js on the checkout page only', async () => {
    await connectStripe(true);
    const checkout = await t.get('demo', '/checkout');
    expect(checkout.statusCode).toBe(200);
    const policy = policyOf(checkout.headers['content-security-policy']);
    for (const [name, sources] of Object.entries(STRIPE_SOURCES)) expect(policy[name]).toEqual(expect.arrayContaining(sources));
    expect(policy['script-src']).toContain('demo.localhost/assets/storefront/assets/');
    expect(policy['script-src']?.some((s) => s.startsWith("'nonce-"))).toBe(true);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    const context = await t.context('demo', '/checkout');
    expect(context.json.render.islands.checkout.stripe).toEqual({ publishableKey: 'pk_test_demo123', accountCountry: 'US', testMode: true });
    expect(JSON.stringify(context.json)).not.toContain('sealed');
    for (const path of [
      '/',
      '/cart',
      '/shop',
      '/shop/linen-camp-shirt',
      '/search?q=shirt',
      `/checkout/order-received/${orderId}?token=${token}`,
      '/nothing-here',
    ]) {
      const page = await t.get('demo', path);
      expect(allowsStripe(page.headers['content-security-policy']), path).toBe(false);
    }
  });

  it('the subscription checkout gets the same config and policy', async () => {
    await connectStripe(false);
    const visitor = new Visitor(t.app, 'demo.localhost');
    const made = await visitor.request('POST', '/api/3/commerce/cart/subscription', { itemId: seedBox.itemId, sku: seedBox.sku, qty: 1, additionalFields: '' });
    expect(made.statusCode).toBe(200);
    const path = `/checkout/subscription?cartToken=${made.json().cartToken}`;
    const page = await t.get('demo', path);
    expect(page.statusCode).toBe(200);
    expect(allowsStripe(page.headers['content-security-policy'])).toBe(true);
    expect((await t.context('demo', path)).json.render.islands.checkout.stripe).toEqual({
      publishableKey: 'pk_live_demo123',
      accountCountry: 'US',
      testMode: false,
    });
  });

  it('leaves checkout as it was on a site without Stripe', async () => {
    await disconnectStripe();
    const checkout = await t.get('demo', '/checkout');
    expect(allowsStripe(checkout.headers['content-security-policy'])).toBe(false);
    expect((await t.context('demo', '/checkout')).json.render.islands.checkout).not.toHaveProperty('stripe');
    expect(allowsStripe((await t.get('journal', '/checkout')).headers['content-security-policy'])).toBe(false);
  });

  it("shows the order number and 'We are confirming your payment…', never stored and never indexed", async () => {
    await setPaymentStatus('pending');
    const page = await t.get('demo', `/checkout/order-received/${orderId}?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    const text = textOf(page.body);
    expect(text).toContain(`Order #${orderNumber}`);
    expect(text).toContain('We are confirming your payment…');
    expect(page.body).toContain('data-island="OrderReceived"');
    const context = await t.context('demo', `/checkout/order-received/${orderId}?token=${token}`);
    expect(context.json.pageType).toBe(207);
    expect(context.json.render.islands.orderReceived).toEqual({
      orderId,
      token,
      paymentStatus: 'pending',
      confirmationUrl: `/checkout/order-confirmed/${orderId}`,
      statusUrl: `/checkout/order-status/${orderId}?token=${encodeURIComponent(token)}`,
      checkoutUrl: '/checkout',
    });
  });

  it("accepts Stripe's return query", async () => {
    const query = `token=${token}&payment_intent=pi_3Q0abc&payment_intent_client_secret=pi_3Q0abc_secret_xyz&redirect_status=succeeded`;
    const page = await t.get('demo', `/checkout/order-received/${orderId}?${query}`);
    expect(page.statusCode).toBe(200);
    expect(textOf(page.body)).toContain(`Order #${orderNumber}`);
    expect(page.body).not.toContain('pi_3Q0abc_secret_xyz');
    expect(t.logs.filter((l) => l.includes('template errors') || l.includes('page failed'))).toEqual([]);
  });

  it('says at once when the payment had already failed, with a link back to checkout', async () => {
    await setPaymentStatus('failed');
    const page = await t.get('demo', `/checkout/order-received/${orderId}?token=${token}`);
    const text = textOf(page.body);
    expect(text).toContain('Your payment did not go through.');
    expect(text).toContain('Your cart is saved');
    expect(page.body).toContain('href="/checkout"');
    await setPaymentStatus('paid');
  });

  it('is not found for a wrong, missing or short token, or on another site', async () => {
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      `/checkout/order-received/${orderId}?token=${wrong}`,
      `/checkout/order-received/${orderId}`,
      `/checkout/order-received/${orderId}?token=short`,
      `/checkout/order-received/0123456789abcdef0123456789abcdef?token=${token}`,
    ]) {
      expect((await t.get('demo', path)).statusCode, path).toBe(404);
    }
    expect((await t.get('journal', `/checkout/order-received/${orderId}?token=${token}`)).statusCode).toBe(404);
  });
});
