import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unlimitedStore, Visitor, WindowlessStore } from '../../test-support/commerce-test-kit.js';
import { makeOwner, signInOwner, type OwnerClient } from '../../test-support/owners.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { orders, outbox } from '../db/schema.js';
import { donations } from '../db/schema-donations.js';
import { PaymentProviders, TestPaymentProvider } from '../payments/index.js';
import type { Website } from '../sites/index.js';
import { DONATIONS_PATH, DonationMessages, OWNER_DONATIONS_PATH } from './index.js';

const CARD_OK = { provider: 'test', cardNumber: '4242 4242 4242 4242' };
const CARD_DECLINED = { provider: 'test', cardNumber: '4000 0000 0000 0002' };
const SETTINGS = {
  enabled: true,
  title: 'Keep the garden growing',
  description: 'Every gift plants a tree.',
  suggestedAmounts: [2500, 1000, 5000],
  allowCustom: true,
  minCents: 500,
  maxCents: 100_000,
  allowMonthly: true,
  thankYou: 'Your gift keeps the garden open to everyone.',
};

let keyCounter = 0;
const newKey = () => `donation-key-${process.pid}-${++keyCounter}`;

describe('donations (issue 27 item 6; spec 2 page types 203 donate and 204 contribution confirmed)', () => {
  let t: TestApp;
  let site: Website;
  let provider: TestPaymentProvider;
  let admin: OwnerClient;
  const give = (body: Record<string, unknown>, key: string | null = newKey(), visitor = new Visitor(t.app, t.hostOf(site))) =>
    visitor.request(
      'POST',
      DONATIONS_PATH,
      { currency: 'USD', email: 'grace@example.com', payment: CARD_OK, ...body },
      { headers: key ? { 'idempotency-key': key } : {} },
    );

  beforeAll(async () => {
    provider = new TestPaymentProvider();
    t = await createTestApp({ rateLimitStore: unlimitedStore, payments: new PaymentProviders({ test: provider }) });
    site = await t.createSite({ identifier: `donate-${process.pid}`, title: 'Community Garden', settings: { commerce: { testMode: true } } as never });
    await makeOwner(t.testDb.db, site.id, 'admin@garden.example', 'admin');
    admin = await signInOwner(t.app, t.hostOf(site), 'admin@garden.example');
  });
  afterAll(() => t.close());

  it('refuses donations until the owner turns them on, with a clear message', async () => {
    const response = await give({ amountCents: 2500 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(DonationMessages.DISABLED);
  });

  it('the owner saves settings: suggested amounts sorted, limits checked with the field at fault', async () => {
    const saved = await admin.call('PUT', `${OWNER_DONATIONS_PATH}/settings`, SETTINGS);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ currency: 'USD', settings: { suggestedAmounts: [1000, 2500, 5000], thankYou: SETTINGS.thankYou } });
    const outside = await admin.call('PUT', `${OWNER_DONATIONS_PATH}/settings`, { ...SETTINGS, suggestedAmounts: [100] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({
      message: DonationMessages.SUGGESTED_OUT_OF_LIMITS,
      errors: { suggestedAmounts: DonationMessages.SUGGESTED_OUT_OF_LIMITS },
    });
    const reversed = await admin.call('PUT', `${OWNER_DONATIONS_PATH}/settings`, { ...SETTINGS, minCents: 5000, maxCents: 1000 });
    expect(reversed.json().message).toBe(DonationMessages.LIMITS_ORDER);
    const fraction = await admin.call('PUT', `${OWNER_DONATIONS_PATH}/settings`, { ...SETTINGS, minCents: 2.5 });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().message).toContain('whole number of minor units');
    expect((await admin.call('GET', `${OWNER_DONATIONS_PATH}/settings`)).json().settings.suggestedAmounts).toEqual([1000, 2500, 5000]);
  });

  it('a one-time donation with card 4242 is paid once: an order of the amount, a receipt mail and the page 204 link (acceptance 4)', async () => {
    const before = provider.authorizations.size;
    const response = await give({ amountCents: 2500, name: 'Grace' });
    expect(response.statusCode, response.body).toBe(200);
    const { donation, confirmationUrl } = response.json();
    expect(donation).toMatchObject({ status: 'paid', frequency: 'once', amountCents: 2500, currency: 'USD', amountText: '$25.00' });
    expect(confirmationUrl).toMatch(new RegExp(`^/checkout/contribution-confirmed/${donation.id}\\?token=[A-Za-z0-9_-]{32}$`));
    expect(provider.authorizations.size).toBe(before + 1);
    expect([...provider.authorizations.values()].at(-1)).toMatchObject({ state: 'captured', amount: 2500, currency: 'USD' });
    const [row] = await t.testDb.db.select().from(donations).where(eq(donations.id, donation.id));
    const [order] = await t.testDb.db
      .select()
      .from(orders)
      .where(and(eq(orders.websiteId, site.id), eq(orders.id, row!.orderId!)));
    expect(order).toMatchObject({
      status: 'PAID',
      paymentStatus: 'paid',
      grandTotalCents: 2500,
      currency: 'USD',
      customerEmail: 'grace@example.com',
      testMode: true,
    });
    const mails = await t.testDb.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.websiteId, site.id), eq(outbox.kind, 'donation-receipt')));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: 'grace@example.com', subject: 'Your donation receipt from Community Garden' });
    expect(mails[0]!.textBody).toContain('Thank you, Grace, for your donation to Community Garden.');
    expect(mails[0]!.textBody).toContain(SETTINGS.thankYou);
    expect(mails[0]!.textBody).toContain('Amount: $25.00');
    expect(mails[0]!.textBody).toContain(`Receipt: #${order!.orderNumber}`);
    expect(mails[0]!.textBody).toContain('This was a test donation');
  });

  it('a double submit with the same Idempotency-Key charges once and answers the same donation', async () => {
    const key = newKey();
    const visitor = new Visitor(t.app, t.hostOf(site));
    await visitor.request('GET', '/api/commerce/shopping-cart');
    const before = provider.authorizations.size;
    const [first, second] = await Promise.all([give({ amountCents: 1000 }, key, visitor), give({ amountCents: 1000 }, key, visitor)]);
    const third = await give({ amountCents: 1000 }, key, visitor);
    const statuses = [first.statusCode, second.statusCode].sort();
    // The second of two at once is answered with the paid donation, or told the first is still in progress.
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    expect(third.statusCode).toBe(200);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(third.json().donation.id).toBe((first.statusCode === 200 ? first : second).json().donation.id);
    expect(provider.authorizations.size).toBe(before + 1);
    const rows = await t.testDb.db
      .select()
      .from(donations)
      .where(and(eq(donations.websiteId, site.id), eq(donations.idempotencyKey, key)));
    expect(rows).toHaveLength(1);
    const mails = await t.testDb.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.websiteId, site.id), eq(outbox.kind, 'donation-receipt')));
    expect(mails.filter((m) => m.textBody.includes('Amount: $10.00'))).toHaveLength(1);
  });

  it('the same key with another amount is refused; a missing key is a 400', async () => {
    const key = newKey();
    expect((await give({ amountCents: 1000 }, key)).statusCode).toBe(200);
    const reused = await give({ amountCents: 5000 }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(DonationMessages.KEY_REUSED);
    const keyless = await give({ amountCents: 1000 }, null);
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().message).toBe(DonationMessages.KEY_REQUIRED);
  });

  it('a declined card (0002) leaves no order and no mail; the donor may try again', async () => {
    const key = newKey();
    const declined = await give({ amountCents: 5000, email: 'declined@example.com', payment: CARD_DECLINED }, key);
    expect(declined.statusCode).toBe(422);
    expect(declined.json().message).toBe('Your card was declined.');
    const [row] = await t.testDb.db
      .select()
      .from(donations)
      .where(and(eq(donations.websiteId, site.id), eq(donations.idempotencyKey, key)));
    expect(row).toMatchObject({ status: 'failed', message: 'Your card was declined.', orderId: null });
    const again = await give({ amountCents: 5000, email: 'declined@example.com', payment: CARD_DECLINED }, key);
    expect(again.statusCode).toBe(422);
    const [retried] = await t.testDb.db.select().from(donations).where(eq(donations.id, row!.id));
    expect(retried!.attempt).toBe(2);
    const mails = await t.testDb.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.websiteId, site.id), eq(outbox.toAddress, 'declined@example.com')));
    expect(mails).toHaveLength(0);
  });

  it.each([
    ['below the minimum', { amountCents: 499 }, 'amountCents', 'The smallest donation is $5.00.'],
    ['above the maximum', { amountCents: 100_001 }, 'amountCents', 'The largest donation is $1,000.00.'],
    ['in another currency', { amountCents: 2500, currency: 'EUR' }, 'currency', DonationMessages.CURRENCY_MISMATCH],
  ])('refuses an amount %s with a clear message', async (_name, body, field, message) => {
    const response = await give(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, errors: { [field]: message } });
  });

  it('refuses a fractional amount, a bad email and a body past the size limit', async () => {
    const fraction = await give({ amountCents: 25.5 });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().message).toContain('whole number of minor units');
    const email = await give({ amountCents: 2500, email: 'not-an-email' });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toContain(DonationMessages.INVALID_EMAIL);
    const large = await give({ amountCents: 2500, name: 'x'.repeat(10_000) });
    expect(large.statusCode).toBe(413);
  });

  it('only suggested amounts when custom amounts are off, and no monthly gifts when monthly is off', async () => {
    await admin.call('PUT', `${OWNER_DONATIONS_PATH}/settings`, { ...SETTINGS, allowCustom: false, allowMonthly: false });
    const custom = await give({ amountCents: 1234 });
    expect(custom.json().message).toBe(DonationMessages.CUSTOM_NOT_ALLOWED);
    const monthly = await give({ amountCents: 1000, frequency: 'monthly' });
    expect(monthly.json().message).toBe(DonationMessages.MONTHLY_NOT_ALLOWED);
    expect((await give({ amountCents: 1000 })).statusCode).toBe(200);
    await admin.call('PUT', `${OWNER_DONATIONS_PATH}/settings`, SETTINGS);
  });

  it('needs the crumb like every site change', async () => {
    const visitor = new Visitor(t.app, t.hostOf(site));
    const response = await visitor.request(
      'POST',
      DONATIONS_PATH,
      { amountCents: 2500, currency: 'USD', email: 'a@example.com', payment: CARD_OK },
      { crumb: false, headers: { 'idempotency-key': newKey() } },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().crumbFail).toBe(true);
    expect(await t.testDb.db.select().from(donations).where(eq(donations.donorEmail, 'a@example.com'))).toHaveLength(0);
  });

  it('lists donations for the owner, newest first, and a viewer may read but not change settings', async () => {
    const list = await admin.call('GET', `${OWNER_DONATIONS_PATH}?status=paid&limit=2`);
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json();
    expect(page.donations).toHaveLength(2);
    expect(page.hasNextPage).toBe(true);
    expect(page.donations[0]).toMatchObject({ status: 'paid', donorEmail: 'grace@example.com', testMode: true, subscription: null });
    const next = await admin.call('GET', `${OWNER_DONATIONS_PATH}?status=paid&limit=2&cursor=${page.nextPageCursor}`);
    expect(next.json().donations[0].id).not.toBe(page.donations[1].id);
    const failed = await admin.call('GET', `${OWNER_DONATIONS_PATH}?status=failed`);
    expect(failed.json().donations[0]).toMatchObject({ status: 'failed', message: 'Your card was declined.' });
    await makeOwner(t.testDb.db, site.id, 'viewer@garden.example', 'viewer');
    const viewer = await signInOwner(t.app, t.hostOf(site), 'viewer@garden.example');
    expect((await viewer.call('GET', OWNER_DONATIONS_PATH)).statusCode).toBe(200);
    expect((await viewer.call('PUT', `${OWNER_DONATIONS_PATH}/settings`, SETTINGS)).statusCode).toBe(403);
  });
});

describe('donation amounts respect the currency (issue 27 item 7) and the rate limit', () => {
  it('a JPY store takes whole yen and shows them without decimals; the 11th donation in a minute is refused', async () => {
    const store = new WindowlessStore();
    const t = await createTestApp({ rateLimitStore: store });
    try {
      const site = await t.createSite({
        identifier: `yen-${process.pid}`,
        title: 'Tera',
        settings: { currency: 'JPY', locale: 'ja-JP', commerce: { testMode: true } } as never,
      });
      await makeOwner(t.testDb.db, site.id, 'admin@tera.example', 'admin');
      const admin = await signInOwner(t.app, t.hostOf(site), 'admin@tera.example');
      const defaults = (await admin.call('GET', `${OWNER_DONATIONS_PATH}/settings`)).json();
      expect(defaults).toMatchObject({ currency: 'JPY', settings: { enabled: false, suggestedAmounts: [10, 25, 50, 100], minCents: 1 } });
      await admin.call('PUT', `${OWNER_DONATIONS_PATH}/settings`, { ...SETTINGS, suggestedAmounts: [1000, 3000], minCents: 500, maxCents: 100_000 });
      const visitor = new Visitor(t.app, t.hostOf(site));
      const body = { amountCents: 3000, currency: 'JPY', email: 'kenji@example.com', payment: CARD_OK };
      const paid = await visitor.request('POST', DONATIONS_PATH, body, { headers: { 'idempotency-key': newKey() } });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().donation.amountText).toBe('￥3,000');
      const small = await visitor.request('POST', DONATIONS_PATH, { ...body, amountCents: 499 }, { headers: { 'idempotency-key': newKey() } });
      expect(small.json().message).toBe('The smallest donation is ￥500.');
      for (let i = 0; i < 8; i += 1) await visitor.request('POST', DONATIONS_PATH, body, { headers: { 'idempotency-key': newKey() } });
      const limited = await visitor.request('POST', DONATIONS_PATH, body, { headers: { 'idempotency-key': newKey() } });
      expect(limited.statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
