import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addProduct, Visitor } from '../../test-support/commerce-test-kit.js';
import { auditLog } from '../db/schema-owners.js';
import type { Website } from '../sites/index.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { makeOwner, signInOwner } from '../../test-support/owners.js';
import { StoreSettingPaths } from './routes.js';
import { SettingMessages } from './setting-messages.js';

const OWNER_TOKEN = 'owner-token-for-store-settings-tests';

// Issue 12 "Discounts (coupons), shipping options and tax rules: create, edit, turn off"; the
// cart and checkout see each change on their next request.
describe('owner store settings: coupons, shipping options, tax rules (issue 12)', () => {
  let t: TestApp;
  let site: Website;
  let other: Website;
  let owner: Visitor;
  let shopper: Visitor;

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    owner.request(method, url, body, { headers: { authorization: `Bearer ${OWNER_TOKEN}` } });
  const patch = (url: string, body: unknown) => {
    const crumb = t.app.emporium.crumbs.issue(site.id);
    return t.app.inject({
      method: 'PATCH',
      url,
      headers: {
        host: t.hostOf(site),
        accept: 'application/json',
        authorization: `Bearer ${OWNER_TOKEN}`,
        cookie: `crumb=${crumb}`,
        'x-csrf-token': crumb,
        'content-type': 'application/json',
      },
      payload: JSON.stringify(body),
    });
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { ownerToken: OWNER_TOKEN } });
    site = await t.createSite({ identifier: 'settings-a', title: 'Settings A' });
    other = await t.createSite({ identifier: 'settings-b', title: 'Settings B' });
    owner = new Visitor(t.app, t.hostOf(site));
    shopper = new Visitor(t.app, t.hostOf(site), '127.0.0.9');
    const product = await addProduct(t.testDb.db, site.id, { title: 'Teapot', variants: [{ sku: 'POT', priceCents: 4000, qtyInStock: 50 }] });
    expect((await shopper.add(product.itemId, 'POT', 1)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('needs an owner session for every call', async () => {
    for (const path of Object.values(StoreSettingPaths)) {
      expect((await owner.request('GET', path)).statusCode).toBe(401);
      expect((await owner.request('POST', path, {})).statusCode).toBe(401);
    }
  });

  it('creates, lists, edits and turns off coupons; the cart stops honouring a coupon turned off', async () => {
    const created = await send('POST', StoreSettingPaths.COUPONS, { code: ' spring-10 ', kind: 'PERCENT', amount: 10 });
    expect(created.statusCode).toBe(201);
    const coupon = created.json();
    expect(coupon).toMatchObject({
      code: 'SPRING-10',
      kind: 'PERCENT',
      amount: 10,
      minSubtotalCents: 0,
      maxUses: null,
      timesUsed: 0,
      active: true,
      startsAt: null,
    });
    expect((await send('GET', StoreSettingPaths.COUPONS)).json().coupons.map((c: { code: string }) => c.code)).toEqual(['SPRING-10']);

    expect((await shopper.request('POST', '/api/commerce/shopping-cart/coupons', { code: 'spring-10' })).statusCode).toBe(200);
    expect((await shopper.cart()).discountCents).toBe(400);
    const raised = await patch(`${StoreSettingPaths.COUPONS}/${coupon.id}`, { amount: 25 });
    expect(raised.json().amount).toBe(25);
    expect((await shopper.cart()).discountCents).toBe(1000);
    const off = await patch(`${StoreSettingPaths.COUPONS}/${coupon.id}`, { active: false });
    expect(off.json().active).toBe(false);
    const cart = await shopper.cart();
    expect(cart.discountCents).toBe(0);
    expect(cart.invalidCoupons).toEqual([{ code: 'SPRING-10', reason: 'This coupon code is not valid.' }]);
  });

  it('refuses coupons that break the rules, with the field named', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ code: 'SPRING-10', kind: 'FIXED', amount: 500 }, 'code', SettingMessages.duplicateCoupon('SPRING-10')],
      [{ code: 'spring 20', kind: 'PERCENT', amount: 20 }, 'code', 'A code can use only letters, digits, - and _.'],
      [{ code: 'BIG', kind: 'PERCENT', amount: 150 }, 'amount', SettingMessages.PERCENT_RANGE],
      [{ code: 'NONE', kind: 'FIXED', amount: 0 }, 'amount', SettingMessages.FIXED_RANGE],
      [
        { code: 'LATE', kind: 'FIXED', amount: 100, startsAt: '2026-12-10T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' },
        'endsAt',
        SettingMessages.END_BEFORE_START,
      ],
      [{ code: 'WHEN', kind: 'FIXED', amount: 100, startsAt: 'tomorrow' }, 'startsAt', 'The start must be a date and time like 2026-12-01T00:00:00Z.'],
      [{ code: 'KIND', kind: 'BOGO', amount: 1 }, 'kind', 'kind must be one of PERCENT, FIXED, FREE_SHIPPING.'],
      [
        { code: 'MIN', kind: 'FIXED', amount: 100, minSubtotalCents: 10.5 },
        'minSubtotalCents',
        'The minimum subtotal must be a whole number of minor units (cents).',
      ],
      [{ code: 'USES', kind: 'FIXED', amount: 100, maxUses: 0 }, 'maxUses', 'The use limit must be at least 1; leave it empty for no limit.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await send('POST', StoreSettingPaths.COUPONS, body);
      expect([400, 409], JSON.stringify(body)).toContain(response.statusCode);
      expect(response.json().fields?.[field], JSON.stringify(body)).toBe(message);
    }
    const free = await send('POST', StoreSettingPaths.COUPONS, { code: 'SHIPFREE', kind: 'FREE_SHIPPING', amount: 300 });
    expect(free.json()).toMatchObject({ kind: 'FREE_SHIPPING', amount: 0 });
    const empty = await patch(`${StoreSettingPaths.COUPONS}/${free.json().id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(SettingMessages.NOTHING_TO_CHANGE);
    const rename = await patch(`${StoreSettingPaths.COUPONS}/${free.json().id}`, { code: 'spring-10' });
    expect(rename.statusCode).toBe(409);
    const otherCoupon = await new Visitor(t.app, t.hostOf(other)).request(
      'POST',
      StoreSettingPaths.COUPONS,
      { code: 'OTHER', kind: 'FIXED', amount: 100 },
      { headers: { authorization: `Bearer ${OWNER_TOKEN}` } },
    );
    expect(otherCoupon.statusCode).toBe(201);
    const foreign = await patch(`${StoreSettingPaths.COUPONS}/${otherCoupon.json().id}`, { active: false });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(SettingMessages.COUPON_NOT_FOUND);
  });

  it('creates, edits and turns off shipping options; the cart sees each change at once', async () => {
    const created = await send('POST', StoreSettingPaths.SHIPPING_OPTIONS, { name: 'Standard', priceCents: 500, countries: ['us', 'gb', 'GB'] });
    expect(created.statusCode).toBe(201);
    const option = created.json();
    expect(option).toMatchObject({ name: 'Standard', priceCents: 500, freeOverCents: 0, countries: ['GB', 'US'], active: true });
    expect((await shopper.cart()).shippingOptions).toEqual([{ id: option.id, name: 'Standard', costCents: 500 }]);
    await patch(`${StoreSettingPaths.SHIPPING_OPTIONS}/${option.id}`, { priceCents: 700, name: 'Tracked' });
    expect((await shopper.cart()).shippingOptions).toEqual([{ id: option.id, name: 'Tracked', costCents: 700 }]);
    const express = (await send('POST', StoreSettingPaths.SHIPPING_OPTIONS, { name: 'Express', priceCents: 1500, displayIndex: 1 })).json();
    await patch(`${StoreSettingPaths.SHIPPING_OPTIONS}/${option.id}`, { active: false });
    expect((await shopper.cart()).shippingOptions).toEqual([{ id: express.id, name: 'Express', costCents: 1500 }]);
    const selected = await shopper.request('PUT', '/api/commerce/shopping-cart/shipping', { shippingOptionId: option.id });
    expect(selected.json().shoppingCart.selectedShippingOption).toEqual({ id: express.id, name: 'Express', costCents: 1500 });
    const listed = (await send('GET', StoreSettingPaths.SHIPPING_OPTIONS)).json().shippingOptions;
    expect(listed.map((o: { name: string; active: boolean }) => [o.name, o.active])).toEqual([
      ['Tracked', false],
      ['Express', true],
    ]);
  });

  it('refuses shipping options with bad money or countries', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '', priceCents: 100 }, 'name', 'Enter a name for the shipping option.'],
      [{ name: 'A', priceCents: -1 }, 'priceCents', 'The price cannot be negative.'],
      [{ name: 'A', priceCents: 4.99 }, 'priceCents', 'The price must be a whole number of minor units (cents).'],
      [{ name: 'A', priceCents: '499' }, 'priceCents', 'The price must be an amount in minor units (cents).'],
      [{ name: 'A', priceCents: 100, freeOverCents: 1e12 }, 'freeOverCents', 'The free-shipping threshold can be at most 100000000 minor units.'],
      [{ name: 'A', priceCents: 100, countries: ['USA'] }, 'countries.0', 'Use two-letter country codes, like US or GB.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await send('POST', StoreSettingPaths.SHIPPING_OPTIONS, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields?.[field], JSON.stringify(body)).toBe(message);
    }
  });

  it('creates, edits and turns off tax rules; the cart taxes by them at once', async () => {
    await shopper.request('PUT', '/api/commerce/shopping-cart/shipping', { shippingLocation: { country: 'GB' } });
    const created = await send('POST', StoreSettingPaths.TAX_RULES, { name: 'UK VAT', country: 'gb', ratePercent: 20 });
    expect(created.statusCode).toBe(201);
    const rule = created.json();
    expect(rule).toMatchObject({ name: 'UK VAT', country: 'GB', region: '', ratePercent: 20, appliesToShipping: false, active: true });
    expect((await shopper.cart()).taxCents).toBe(800);
    await patch(`${StoreSettingPaths.TAX_RULES}/${rule.id}`, { ratePercent: 5 });
    expect((await shopper.cart()).taxCents).toBe(200);
    await patch(`${StoreSettingPaths.TAX_RULES}/${rule.id}`, { active: false });
    const cart = await shopper.cart();
    expect(cart.taxCents).toBe(0);
    expect(cart.applicableTaxRules).toEqual([]);
    expect((await send('GET', StoreSettingPaths.TAX_RULES)).json().taxRules).toHaveLength(1);
  });

  it('refuses tax rules with a bad rate or a region without a country', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'X', ratePercent: 100.001 }, 'ratePercent', SettingMessages.RATE_OUT_OF_RANGE],
      [{ name: 'X', ratePercent: -1 }, 'ratePercent', SettingMessages.RATE_OUT_OF_RANGE],
      [{ name: 'X', ratePercent: 8.8755 }, 'ratePercent', SettingMessages.RATE_TOO_PRECISE],
      [{ name: 'X', ratePercent: '8' }, 'ratePercent', SettingMessages.RATE_NOT_A_NUMBER],
      [{ name: 'X', ratePercent: 1, region: 'CA' }, 'region', SettingMessages.REGION_NEEDS_COUNTRY],
    ];
    for (const [body, field, message] of cases) {
      const response = await send('POST', StoreSettingPaths.TAX_RULES, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect((await patch(`${StoreSettingPaths.TAX_RULES}/missing`, { active: false })).statusCode).toBe(404);
  });

  it('records every change in the site’s audit log', async () => {
    const entries = await t.testDb.db.select().from(auditLog).where(eq(auditLog.websiteId, site.id));
    const counts: Record<string, number> = {};
    for (const e of entries) counts[e.action] = (counts[e.action] ?? 0) + 1;
    expect(counts).toEqual({
      'coupon.create': 2,
      'coupon.update': 2,
      'shipping-option.create': 2,
      'shipping-option.update': 2,
      'tax-rule.create': 1,
      'tax-rule.update': 2,
    });
  });

  it('lets each role do what its permissions say (discounts, shipping, taxes)', async () => {
    const host = t.hostOf(site);
    await makeOwner(t.testDb.db, site.id, 'manager@example.com', 'store-manager');
    await makeOwner(t.testDb.db, site.id, 'viewer@example.com', 'viewer');
    await makeOwner(t.testDb.db, site.id, 'reporter@example.com', 'reporting');
    const manager = await signInOwner(t.app, host, 'manager@example.com');
    const viewer = await signInOwner(t.app, host, 'viewer@example.com');
    const reporter = await signInOwner(t.app, host, 'reporter@example.com');
    for (const path of Object.values(StoreSettingPaths)) {
      expect((await viewer.call('GET', path)).statusCode, path).toBe(200);
      expect((await reporter.call('GET', path)).statusCode, path).toBe(403);
    }
    expect((await viewer.call('POST', StoreSettingPaths.TAX_RULES, { name: 'X', ratePercent: 1 })).statusCode).toBe(403);
    expect((await manager.call('POST', StoreSettingPaths.TAX_RULES, { name: 'Everywhere', ratePercent: 1, active: false })).statusCode).toBe(201);
    expect((await manager.call('POST', StoreSettingPaths.COUPONS, { code: 'MANAGER', kind: 'FIXED', amount: 100 })).statusCode).toBe(201);
  });

  it('#24 keeps a three-decimal rate (8.875 %) exactly and taxes by it', async () => {
    await shopper.request('PUT', '/api/commerce/shopping-cart/shipping', { shippingLocation: { country: 'US', region: 'NY' } });
    const created = await send('POST', StoreSettingPaths.TAX_RULES, { name: 'New York City', country: 'US', region: 'NY', ratePercent: 8.875 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().ratePercent).toBe(8.875);
    const listed = (await send('GET', StoreSettingPaths.TAX_RULES)).json().taxRules as { name: string; ratePercent: number }[];
    expect(listed.find((r) => r.name === 'New York City')?.ratePercent).toBe(8.875);
    const cart = await shopper.cart();
    expect(cart.applicableTaxRules).toEqual([expect.objectContaining({ name: 'New York City', rateBasisPoints: 887.5 })]);
    expect(cart.taxCents).toBe(355);
  });
});
