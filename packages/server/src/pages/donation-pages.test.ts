import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from '../../test-support/commerce-test-kit.js';
import { makeOwner, signInOwner } from '../../test-support/owners.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { collections, websites } from '../db/index.js';
import { paymentAccounts } from '../db/schema-payments.js';
import { DONATIONS_PATH, saveDonationSettings } from '../donations/index.js';
import { CollectionType } from '../spec/index.js';
import { pageContextSchema } from './context/schemas.js';
import { staticIslandAssets } from './island-assets.js';

const SETTINGS = {
  enabled: true,
  title: 'Support independent makers',
  description: 'Your gift funds our apprenticeships.',
  suggestedAmounts: [1000, 2500, 5000],
  allowCustom: true,
  minCents: 300,
  maxCents: 200_000,
  allowMonthly: true,
  thankYou: 'Every gift trains a new maker.',
};

/** What the strict page context schema finds wrong in `json` (every key `?format=json` sends is documented). */
function problemsOf(json: unknown): string[] {
  const result = pageContextSchema.strict().safeParse(json);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('donate (page type 203), contribution confirmed (204) and the donation block (block type 52), spec 2 (issue 27 acceptance 4)', () => {
  let t: PagesTestApp;
  let websiteId: string;

  beforeAll(async () => {
    t = await createPagesTestApp({ islands: staticIslandAssets(true) });
    const [site] = await t.testDb.db.select().from(websites).where(eq(websites.identifier, 'demo'));
    websiteId = site!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the donate page is not found while donations are off', async () => {
    expect((await t.get('demo', '/checkout/donate')).statusCode).toBe(404);
  });

  it('renders the donate page (203) with the owner title and the DonationForm island, amounts preselected from the block link', async () => {
    await saveDonationSettings(t.testDb.db, websiteId, SETTINGS);
    const context = await t.context('demo', '/checkout/donate?amount=2500&frequency=monthly');
    expect(context.status).toBe(200);
    expect(context.json.pageType).toBe(203);
    expect(problemsOf(context.json)).toEqual([]);
    const response = await t.get('demo', '/checkout/donate?amount=2500&frequency=monthly');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<h1 class="page__title">Support independent makers</h1>');
    expect(html).toContain('data-island="DonationForm"');
    const text = textOf(html);
    for (const amount of ['$10.00', '$25.00', '$50.00', 'Other amount', 'Monthly', 'Email for your receipt']) expect(text).toContain(amount);
    expect(text).toContain('Donate $25.00/month');
    expect(text).toContain('Test mode: use card 4242 4242 4242 4242');
  });

  it('with Stripe connected the donate page carries its public key for the Payment Element, and only this page allows Stripe.js', async () => {
    await t.testDb.db.insert(paymentAccounts).values({
      websiteId,
      provider: 'stripe',
      publishableKey: 'pk_test_donate',
      secretKeySealed: 'x',
      webhookSecretSealed: 'x',
      testMode: true,
      accountCountry: 'US',
    });
    try {
      const response = await t.get('demo', '/checkout/donate');
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['content-security-policy'])).toContain('https://js.stripe.com');
      expect(response.body).toContain('&quot;publishableKey&quot;:&quot;pk_test_donate&quot;');
      expect(textOf(response.body)).not.toContain('Card number');
      expect(String((await t.get('demo', '/')).headers['content-security-policy'])).not.toContain('https://js.stripe.com');
    } finally {
      await t.testDb.db.delete(paymentAccounts).where(eq(paymentAccounts.websiteId, websiteId));
    }
  });

  it('a donation block (52) on a page offers the amounts as a plain form to the donate page', async () => {
    const [page] = await t.testDb.db
      .select()
      .from(collections)
      .where(and(eq(collections.websiteId, websiteId), eq(collections.type, CollectionType.PAGE), eq(collections.enabled, true)));
    await t.testDb.db
      .update(collections)
      .set({ settings: { ...(page!.settings as object), blocks: [{ typeName: 'donation' }] } })
      .where(eq(collections.id, page!.id));
    const response = await t.get('demo', `/${page!.urlId}`);
    expect(response.statusCode).toBe(200);
    const context = await t.context('demo', `/${page!.urlId}`);
    expect(context.json.collection.blocks).toMatchObject([{ typeName: 'donation', donation: { allowCustom: true, minText: '$3.00' } }]);
    expect(problemsOf(context.json)).toEqual([]);
    const html = response.body;
    expect(html).toContain('<form class="donation-block__form" method="get" action="/checkout/donate">');
    expect(html).toContain('<input type="radio" name="amount" value="1000" checked> $10.00');
    expect(html).toContain('<input type="radio" name="amount" value="5000"> $50.00');
    expect(textOf(html)).toContain('Or give another amount ($3.00 to $2,000.00) on the next page.');
    expect(html).toContain('name="frequency" value="monthly"');
    expect(html).not.toContain('data-island="DonationForm"');
    await saveDonationSettings(t.testDb.db, websiteId, { ...SETTINGS, enabled: false });
    expect((await t.get('demo', `/${page!.urlId}`)).body).not.toContain('donation-block__form');
    await saveDonationSettings(t.testDb.db, websiteId, SETTINGS);
  });

  it('an owner adds a donation block to a page through the Pages calls; the page shows it', async () => {
    await makeOwner(t.testDb.db, websiteId, 'owner@demo.example', 'admin');
    const owner = await signInOwner(t.app, 'demo.localhost', 'owner@demo.example');
    const created = await owner.call('POST', '/api/owner/pages', { kind: 'page', title: 'Give' });
    expect(created.statusCode, created.body).toBe(201);
    const { id, version, urlId } = created.json();
    const saved = await owner.call('PATCH', `/api/owner/pages/${id}`, {
      version,
      enabled: true,
      blocks: [{ typeName: 'html', html: '<p>Help us grow.</p>' }, { typeName: 'donation' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const html = (await t.get('demo', `/${urlId}`)).body;
    expect(html).toContain('Help us grow.');
    expect(html).toContain('<form class="donation-block__form" method="get" action="/checkout/donate">');
  });

  it.each([
    ['once', '$25.00', false],
    ['monthly', '$25.00/month', true],
  ] as const)('a %s donation ends on the contribution confirmed page (204) with the thank-you text', async (frequency, amountText, monthly) => {
    const visitor = new Visitor(t.app, 'demo.localhost');
    const given = await visitor.request(
      'POST',
      DONATIONS_PATH,
      {
        amountCents: 2500,
        currency: 'USD',
        frequency,
        email: 'maker@example.com',
        name: 'Ada',
        payment: { provider: 'test', cardNumber: '4242 4242 4242 4242' },
      },
      { headers: { 'idempotency-key': `donation-page-${frequency}` } },
    );
    expect(given.statusCode, given.body).toBe(200);
    const url = given.json().confirmationUrl as string;
    const context = await t.context('demo', url);
    expect(context.json.pageType).toBe(204);
    expect(problemsOf(context.json)).toEqual([]);
    const page = await t.get('demo', url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    const text = textOf(page.body);
    expect(text).toContain('Thank you, Ada');
    expect(text).toContain(`Your donation of ${amountText} is confirmed.`);
    expect(text).toContain('Every gift trains a new maker.');
    expect(text).toContain('A receipt is on its way to maker@example.com.');
    expect(text).toContain('Test donation No money was taken.');
    expect(page.body.includes('Manage your monthly donation')).toBe(monthly);
    if (monthly) expect(page.body).toMatch(/href="\/subscriptions\/manage\/[A-Za-z0-9_-]{32}"/);
  });

  it('the contribution confirmed page needs its token: a wrong one, or another site, is not found', async () => {
    const visitor = new Visitor(t.app, 'demo.localhost');
    const given = await visitor.request(
      'POST',
      DONATIONS_PATH,
      { amountCents: 1000, currency: 'USD', email: 'maker@example.com', payment: { provider: 'test', cardNumber: '4242 4242 4242 4242' } },
      { headers: { 'idempotency-key': 'donation-page-token' } },
    );
    const { donation } = given.json();
    expect((await t.get('demo', `/checkout/contribution-confirmed/${donation.id}?token=${'x'.repeat(32)}`)).statusCode).toBe(404);
    expect((await t.get('demo', `/checkout/contribution-confirmed/${donation.id}`)).statusCode).toBe(404);
  });
});
