import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct } from '../../test-support/commerce-test-kit.js';
import { type Browser, enableAccounts, signedInShopper } from '../../test-support/site-users.js';
import { startStripeEmulator, type StripeEmulator } from '../../test-support/stripe-emulator.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { availableDialects, createTestDb, type TestDb } from '../../test-support/test-db.js';
import { memberships } from '../db/schema-member-areas.js';
import { subscriptions } from '../db/schema-subscriptions.js';
import { orders } from '../db/schema.js';
import { saveStripeAccount, STRIPE_WEBHOOK_PATH } from '../payments/index.js';
import { renewSubscription } from '../subscriptions/index.js';
import type { Website } from '../sites/index.js';
import { createArea } from './area-repository.js';
import { activeAreaIdsOf } from './membership-repository.js';
import { MemberAreaMessages } from './messages.js';

// Issue 28 item 3: joining a paid member area through Stripe, and free trials, against the local Stripe emulator.
const WEBHOOK_SECRET = 'whsec_joinemulatorsecret123';
const SEALING_KEY = randomBytes(32).toString('hex');
const DAY_MS = 86_400_000;

describe.each(availableDialects())('joining a member area with Stripe (emulator, %s)', (dialect) => {
  let stripe: StripeEmulator;
  let testDb: TestDb;
  let t: TestApp;
  let site: Website;
  let host: string;
  let onceArea: string;
  let trialArea: string;

  const events = (type: string) => stripe.events().filter((e) => e.type === type);
  const charges = () => events('charge.succeeded').length;
  const pay = (browser: Browser, areaId: string, paymentMethod: string) =>
    browser.send('POST', `/commerce/join/${areaId}/payment`, { json: { paymentMethod }, headers: { accept: 'application/json' } });
  const deliver = (event: ReturnType<StripeEmulator['events']>[number]) => {
    const { payload, header } = stripe.signed(event, WEBHOOK_SECRET);
    return t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { host, 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
  };
  const membershipsOf = (siteUserId: string) =>
    testDb.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.websiteId, site.id), eq(memberships.siteUserId, siteUserId)));
  const ordersOf = async (siteUserId: string) =>
    (
      (await testDb.db.execute(
        sql`SELECT o.id, o.payment_status AS "paymentStatus", o.grand_total_cents AS "total" FROM orders o JOIN carts c ON c.website_id = o.website_id AND c.id = o.purchased_cart_id WHERE o.website_id = ${site.id} AND c.site_user_id = ${siteUserId}`,
      )) as unknown as { rows: Array<{ id: string; paymentStatus: string; total: number }> }
    ).rows;

  beforeAll(async () => {
    stripe = await startStripeEmulator();
    testDb = await createTestDb({ dialect });
    t = await createTestApp({
      testDb,
      rateLimitStore: { hit: async () => 1, close: async () => {} },
      config: { logLevel: 'silent', stripeApiUrl: stripe.url, sealingKey: SEALING_KEY },
    });
    site = await t.createSite({ identifier: `join-stripe-${dialect}`, title: 'Studio', settings: { commerce: { testMode: true } } });
    host = t.hostOf(site);
    await enableAccounts(testDb.db, site.id);
    await saveStripeAccount(
      testDb.db,
      Buffer.from(SEALING_KEY, 'hex'),
      site.id,
      { publishableKey: 'pk_test_emulator12345', secretKey: 'sk_test_emulator12345', webhookSecret: WEBHOOK_SECRET },
      { testMode: true, accountCountry: 'US', connectedBy: 'owner@example.com' },
    );
    const once = await addProduct(testDb.db, site.id, { title: 'Studio pass', productType: 5, variants: [{ sku: 'PASS', priceCents: 500, unlimited: true }] });
    onceArea = await createArea(testDb.db, site.id, {
      name: 'Studio',
      description: '',
      priceCents: 500,
      billing: 'one-time',
      trialDays: 0,
      productItemId: once.itemId,
      gates: [],
    });
    const monthly = await addProduct(testDb.db, site.id, { title: 'Club', productType: 5, variants: [{ sku: 'CLUB', priceCents: 900, unlimited: true }] });
    trialArea = await createArea(testDb.db, site.id, {
      name: 'Club',
      description: '',
      priceCents: 900,
      billing: 'recurring',
      billingPeriod: { value: 1, unit: 'MONTH' },
      trialDays: 14,
      productItemId: monthly.itemId,
      gates: [],
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await testDb?.close();
    await stripe?.stop();
  });

  it('shows the Payment Element island on the join page, and allows Stripe.js on that page only', async () => {
    const { browser } = await signedInShopper(t.app, testDb.db, host, site.id, `page-${dialect}@example.com`);
    const page = await browser.send('GET', `/commerce/join/${onceArea}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-island="JoinPayment"');
    expect(page.body).not.toContain('name="cardNumber"');
    expect(String(page.headers['content-security-policy'])).toContain('https://js.stripe.com');
    expect(String((await browser.send('GET', '/')).headers['content-security-policy'])).not.toContain('https://js.stripe.com');
    const trial = await browser.send('GET', `/commerce/join/${trialArea}`);
    expect(trial.body).toContain(MemberAreaMessages.trialNote(14, '$9.00 every 1 month'));
  });

  it('joins with a card that succeeds: one PaymentIntent, the order paid, a member at once', async () => {
    const { browser, siteUserId } = await signedInShopper(t.app, testDb.db, host, site.id, `paid-${dialect}@example.com`);
    const before = charges();
    const answer = await pay(browser, onceArea, 'pm_card_visa');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ status: 'succeeded', redirectUrl: `/checkout/membership-confirmed/${onceArea}` });
    expect(charges()).toBe(before + 1);
    expect(await ordersOf(siteUserId)).toMatchObject([{ paymentStatus: 'paid', total: 500 }]);
    expect(await membershipsOf(siteUserId)).toHaveLength(1);
    expect((await browser.send('GET', `/commerce/join/${onceArea}`)).body).toContain(MemberAreaMessages.ALREADY_MEMBER);
  });

  it("declines with Stripe's message and grants nothing; the same card then works after a good one", async () => {
    const { browser, siteUserId } = await signedInShopper(t.app, testDb.db, host, site.id, `declined-${dialect}@example.com`);
    const declined = await pay(browser, onceArea, 'pm_card_chargeDeclined');
    expect(declined.statusCode).toBe(422);
    expect(declined.json().message).toBe('Your card was declined.');
    expect(await membershipsOf(siteUserId)).toHaveLength(0);
    expect((await activeAreaIdsOf(testDb.db, site.id, siteUserId)).has(onceArea)).toBe(false);
    expect((await pay(browser, onceArea, 'pm_card_visa')).json().status).toBe('succeeded');
    expect(await membershipsOf(siteUserId)).toHaveLength(1);
  });

  it('3-D Secure: requires_action, then the webhook and the page settle it at once and the membership is granted once', async () => {
    const { browser, siteUserId } = await signedInShopper(t.app, testDb.db, host, site.id, `secure-${dialect}@example.com`);
    const first = await pay(browser, onceArea, 'pm_card_authenticationRequired');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().status).toBe('requires_action');
    expect(first.json().clientSecret).toMatch(/^pi_/);
    expect(await membershipsOf(siteUserId)).toHaveLength(0);
    const intentId = String(first.json().clientSecret).split('_secret_')[0];
    const done = await fetch(`${stripe.url}/_emulator/authenticate/${intentId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=succeed',
    });
    expect(done.status).toBeLessThan(400);
    const succeeded = events('payment_intent.succeeded').filter((e) => e.data.object.id === intentId);
    expect(succeeded).toHaveLength(1);
    const [hook, again] = await Promise.all([deliver(succeeded[0]!), pay(browser, onceArea, 'pm_card_authenticationRequired')]);
    expect(hook.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'succeeded' });
    expect(await membershipsOf(siteUserId)).toHaveLength(1);
    expect(await ordersOf(siteUserId)).toMatchObject([{ paymentStatus: 'paid' }]);
  });

  it('a payment completed by webhook only grants the membership', async () => {
    const { browser, siteUserId } = await signedInShopper(t.app, testDb.db, host, site.id, `webhook-${dialect}@example.com`);
    const first = await pay(browser, onceArea, 'pm_card_threeDSecure2Required');
    const intentId = String(first.json().clientSecret).split('_secret_')[0];
    await fetch(`${stripe.url}/_emulator/authenticate/${intentId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=succeed',
    });
    const event = events('payment_intent.succeeded').find((e) => e.data.object.id === intentId)!;
    expect((await deliver(event)).json().result).toBe('applied');
    expect((await deliver(event)).json().result).toBe('duplicate');
    expect(await membershipsOf(siteUserId)).toHaveLength(1);
    expect((await activeAreaIdsOf(testDb.db, site.id, siteUserId)).has(onceArea)).toBe(true);
  });

  it('two joins sent at once place one order and charge once', async () => {
    const { browser, siteUserId } = await signedInShopper(t.app, testDb.db, host, site.id, `twice-${dialect}@example.com`);
    const before = charges();
    const answers = await Promise.all([pay(browser, onceArea, 'pm_card_visa'), pay(browser, onceArea, 'pm_card_visa')]);
    expect(answers.some((a) => a.statusCode === 200 && a.json().status === 'succeeded')).toBe(true);
    for (const other of answers.filter((a) => a.statusCode !== 200)) expect(other.statusCode).toBe(409);
    expect(await ordersOf(siteUserId)).toHaveLength(1);
    expect(charges()).toBe(before + 1);
    expect(await membershipsOf(siteUserId)).toHaveLength(1);
  });

  it('a free trial charges nothing at joining, is a member at once, and the renewal after the trial charges the price once', async () => {
    const { browser, siteUserId } = await signedInShopper(t.app, testDb.db, host, site.id, `trial-${dialect}@example.com`);
    const before = { charges: charges(), intents: events('payment_intent.created').length };
    const answer = await pay(browser, trialArea, 'pm_card_visa');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().status).toBe('succeeded');
    expect(charges()).toBe(before.charges);
    expect(events('payment_intent.created').length).toBe(before.intents);
    expect(events('setup_intent.succeeded').length).toBeGreaterThan(0);
    const placed = await ordersOf(siteUserId);
    expect(placed).toMatchObject([{ paymentStatus: 'paid', total: 0 }]);
    const [granted] = await membershipsOf(siteUserId);
    expect(granted?.subscriptionId).toBeTruthy();
    const [sub] = await testDb.db.select().from(subscriptions).where(eq(subscriptions.id, granted!.subscriptionId!));
    expect(sub).toMatchObject({ cyclesBilled: 0, amountCents: 900, state: 'active' });
    const trialEnd = sub!.nextBillingAt!;
    expect(Math.round((trialEnd.getTime() - sub!.createdAt.getTime()) / DAY_MS)).toBe(14);
    expect((await activeAreaIdsOf(testDb.db, site.id, siteUserId)).has(trialArea)).toBe(true);

    expect((await renewSubscription(t.app.emporium, site.id, sub!.id, new Date(trialEnd.getTime() - DAY_MS))).kind).toBe('skipped');
    expect(charges()).toBe(before.charges);
    const renewed = await renewSubscription(t.app.emporium, site.id, sub!.id, new Date(trialEnd.getTime() + 60_000));
    expect(renewed).toMatchObject({ kind: 'paid', cycle: 1 });
    expect(await renewSubscription(t.app.emporium, site.id, sub!.id, new Date(trialEnd.getTime() + 120_000))).toEqual({ kind: 'skipped' });
    expect(charges()).toBe(before.charges + 1);
    const [renewal] = await testDb.db
      .select()
      .from(orders)
      .where(eq(orders.id, (renewed as { orderId: string }).orderId));
    expect(renewal).toMatchObject({ grandTotalCents: 900, paymentStatus: 'paid' });
  });

  it('cancelling during the trial never charges, and access ends at the trial end', async () => {
    const { browser, siteUserId } = await signedInShopper(t.app, testDb.db, host, site.id, `cancel-${dialect}@example.com`);
    const before = charges();
    expect((await pay(browser, trialArea, 'pm_card_visa')).json().status).toBe('succeeded');
    const [granted] = await membershipsOf(siteUserId);
    const [sub] = await testDb.db.select().from(subscriptions).where(eq(subscriptions.id, granted!.subscriptionId!));
    const cancelled = await browser.send('POST', `/api/commerce/subscriptions/manage/${sub!.manageToken}/cancel`, { json: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const trialEnd = sub!.nextBillingAt!;
    expect((await activeAreaIdsOf(testDb.db, site.id, siteUserId, new Date(trialEnd.getTime() - DAY_MS))).has(trialArea)).toBe(true);
    expect((await activeAreaIdsOf(testDb.db, site.id, siteUserId, new Date(trialEnd.getTime() + 60_000))).has(trialArea)).toBe(false);
    expect((await renewSubscription(t.app.emporium, site.id, sub!.id, new Date(trialEnd.getTime() + 60_000))).kind).toBe('skipped');
    expect(charges()).toBe(before);
  });

  it('a declined card starts no trial', async () => {
    const { browser, siteUserId } = await signedInShopper(t.app, testDb.db, host, site.id, `trial-declined-${dialect}@example.com`);
    const declined = await pay(browser, trialArea, 'pm_card_chargeDeclined');
    expect(declined.statusCode).toBe(422);
    expect(declined.json().message).toBe('Your card was declined.');
    expect(await membershipsOf(siteUserId)).toHaveLength(0);
    expect(await ordersOf(siteUserId)).toHaveLength(0);
  });
});
