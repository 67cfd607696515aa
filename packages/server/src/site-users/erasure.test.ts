import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProductFixture } from '../../test-support/fixtures.js';
import { makeOwner, signInOwner, type OwnerClient } from '../../test-support/owners.js';
import { enableAccounts, signedInShopper } from '../../test-support/site-users.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { availableDialects, createTestDb } from '../../test-support/test-db.js';
import type { Db } from '../db/types.js';
import type { Website } from '../sites/index.js';
import { CUSTOMERS_PATH, ERASED_EMAIL, SiteUserMessages } from './index.js';

type Shopper = Awaited<ReturnType<typeof signedInShopper>>;
type Rows<T> = { rows: T[] };

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;

/** The person's traces: their id, email (any case, with spaces around) and browser ids. */
interface Person {
  id: string;
  email: string;
  visitorIds: string[];
}

/** Columns that name a person by their name: site user ids, emails, addresses mail goes to, visitor ids. */
const PERSON_COLUMN = /(^|_)(site_user_id|email|customer_email|author_email|donor_email|actor_email|to_address|visitor_id|member_account_id)$|email/;

/**
 * Every place of site `websiteId` that still holds the person (issue 28, acceptance 4): first
 * every column named like a person's identifier (equal to one of their values), then every
 * text, JSON or array column of every table (containing their email, id or visitor id). Found
 * in information_schema, so a table added later without erasure fails here.
 */
async function tracesOf(db: Db, websiteId: string, person: Person): Promise<string[]> {
  const columns = await rows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = current_schema() AND c.data_type IN ('text', 'jsonb', 'json', 'character varying', 'ARRAY')`,
  );
  const siteTables = new Set(
    (
      await rows<{ table_name: string }>(
        db,
        sql`SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'website_id'`,
      )
    ).map((r) => r.table_name),
  );
  const email = person.email.trim().toLowerCase();
  const values = [person.id, ...person.visitorIds];
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const ref = sql.raw(`"${table}"."${column}"`);
    const ofSite = siteTables.has(table) && column !== 'website_id' ? sql`${sql.raw(`"${table}"`)}.website_id = ${websiteId}` : sql`true`;
    const named = PERSON_COLUMN.test(column)
      ? sql`lower(btrim(${ref}::text)) = ${email} OR ${ref}::text IN (${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )})`
      : sql`false`;
    const mentioned = sql.join(
      [email, ...values].map((v) => sql`strpos(lower(${ref}::text), ${v.toLowerCase()}) > 0`),
      sql` OR `,
    );
    const [hit] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.raw(`"${table}"`)} WHERE ${ofSite} AND (${named} OR ${mentioned})`);
    if (Number(hit?.n) > 0) found.push(`${table}.${column} (${hit?.n})`);
  }
  return found;
}

describe.each(availableDialects())('erasure of a site user and their data on %s (issue 28, acceptance 4)', (dialect) => {
  let t: TestApp;
  let a: Website;
  let b: Website;
  let owner: OwnerClient;
  let product: Awaited<ReturnType<typeof createProductFixture>>;
  let orderNumber = 5000;

  /** Everything a shopper leaves on a site: orders (signed in and as a guest), a subscription, carts, forms, restock, comments, reviews, likes, visits, a donation, mails, audit, throttle, and the owner’s notes and tags on them. */
  async function leaveTraces(site: Website, shopper: Shopper, email: string, visitorId: string) {
    const db = t.testDb.db;
    const w = site.id;
    const address = sql`jsonb_build_object('firstName', 'Ada', 'lastName', 'Lovelace', 'address1', '12 Rue Haute', 'city', 'Lyon', 'postalCode', '69001', 'country', 'FR', 'region', '', 'phone', '+33 6 12 34 56 78')`;
    const order = async (siteUserId: string | null, customerEmail: string) => {
      const [cart] = await rows<{ id: string }>(
        db,
        sql`INSERT INTO carts (website_id, site_user_id, is_purchased, shipping_location) VALUES (${w}, ${siteUserId}, true, jsonb_build_object('postalCode', '69001')) RETURNING id`,
      );
      const [row] = await rows<{ id: string }>(
        db,
        sql`INSERT INTO orders (website_id, order_number, purchased_cart_id, status, customer_email, shipping_address, billing_address, currency, grand_total_cents, status_token)
          VALUES (${w}, ${++orderNumber}, ${cart!.id}, 'PAID', ${customerEmail}, ${address}, ${address}, 'EUR', 4200, ${randomBytes(16).toString('hex')}) RETURNING id`,
      );
      await db.execute(
        sql`INSERT INTO order_items (website_id, order_id, item_id, product_name, quantity, unit_price_cents, additional_fields) VALUES (${w}, ${row!.id}, ${product.itemId}, 'Linen shirt', 1, 4200, jsonb_build_object('engraving', ${`For ${email}`}::text))`,
      );
      await db.execute(
        sql`INSERT INTO payment_attempts (website_id, cart_id, order_id, provider, pricing_hash, order_record, holds, expires_at)
          VALUES (${w}, ${cart!.id}, ${row!.id}, 'stripe', 'h', jsonb_build_object('input', jsonb_build_object('email', ${customerEmail}::text, 'shippingAddress', ${address})), '{}'::jsonb, now())`,
      );
      await db.execute(
        sql`INSERT INTO idempotency_keys (website_id, scope, key, request_hash, response_status, response_body) VALUES (${w}, 'checkout', ${randomBytes(8).toString('hex')}, 'h', 200, jsonb_build_object('order', jsonb_build_object('customerEmail', ${customerEmail}::text)))`,
      );
      return row!.id;
    };
    const signedIn = await order(shopper.siteUserId, email);
    await order(null, ` ${email.toUpperCase()} `);
    await db.execute(
      sql`INSERT INTO order_events (website_id, order_id, kind, message) VALUES (${w}, ${signedIn}, 'NOTE', ${`Called ${email} about the size`})`,
    );
    await db.execute(
      sql`INSERT INTO subscriptions (website_id, first_order_id, customer_email, plan, currency, amount_cents, lines, payment_method, anchor_at, next_billing_at, manage_token)
        VALUES (${w}, ${signedIn}, ${email}, '{"billingPeriod":{"value":1,"unit":"MONTH"},"numBillingCycles":0}'::jsonb, 'EUR', 990,
          '[{"itemId":"i","variantId":null,"sku":null,"productName":"Coffee","quantity":1,"unitPriceCents":990,"variantOptions":null}]'::jsonb,
          '{"provider":"test","customerRef":"cus_1","methodRef":"pm_1","summary":{"brand":"visa","last4":"4242"}}'::jsonb, now(), now() + interval '20 days', ${randomBytes(24).toString('hex')})`,
    );
    const add = await shopper.browser.send('POST', '/api/commerce/shopping-cart/entries', { json: { itemId: product.itemId, sku: product.sku, quantity: 1 } });
    expect(add.statusCode, add.body).toBe(200);
    const [form] = await rows<{ id: string }>(db, sql`INSERT INTO forms (website_id, name) VALUES (${w}, 'Contact') RETURNING id`);
    await db.execute(
      sql`INSERT INTO form_submissions (website_id, form_id, submission_key, data) VALUES (${w}, ${form!.id}, ${randomBytes(8).toString('hex')}, jsonb_build_object('email', ${email}::text, 'message', 'Hello'))`,
    );
    await db.execute(
      sql`INSERT INTO restock_signups (website_id, product_id, variant_id, email, join_mailing_list) VALUES (${w}, ${product.itemId}, ${product.variantId}, ${email}, true)`,
    );
    await db.execute(
      sql`INSERT INTO comments (website_id, item_id, author_name, author_email, body, visitor_id) VALUES (${w}, ${product.itemId}, 'Ada', ${email}, 'Lovely', ${visitorId})`,
    );
    await db.execute(
      sql`INSERT INTO product_reviews (website_id, item_id, author_name, rating, body, visitor_id) VALUES (${w}, ${product.itemId}, 'Ada L.', 5, 'Fits well', ${visitorId})`,
    );
    await db.execute(sql`INSERT INTO item_likes (website_id, item_id, visitor_id) VALUES (${w}, ${product.itemId}, ${visitorId})`);
    await db.execute(sql`UPDATE items SET like_count = like_count + 1 WHERE website_id = ${w} AND id = ${product.itemId}`);
    await db.execute(
      sql`INSERT INTO tracking_events (website_id, source, name, visitor_id, payload) VALUES (${w}, 'census', 'page_view', ${visitorId}, '{}'::jsonb)`,
    );
    await db.execute(
      sql`INSERT INTO donations (website_id, idempotency_key, request_hash, frequency, amount_cents, currency, donor_email, donor_name, message, provider, receipt_token)
        VALUES (${w}, ${randomBytes(8).toString('hex')}, 'h', 'once', 500, 'EUR', ${email}, 'Ada Lovelace', 'Keep going', 'test', ${randomBytes(8).toString('hex')})`,
    );
    await db.execute(
      sql`INSERT INTO outbox (website_id, kind, to_address, subject, text_body) VALUES (${w}, 'owner-order', 'owner@shop.example', 'New order', ${`A new order from ${email}`})`,
    );
    await db.execute(
      sql`INSERT INTO audit_log (website_id, actor_email, action, subject_type, detail) VALUES (${w}, 'owner@shop.example', 'order.note', 'order', jsonb_build_object('customer', ${email}::text))`,
    );
    const saved = await shopper.browser.send('POST', '/api/site-users/account/addresses', {
      json: { address: { firstName: 'Ada', lastName: 'Lovelace', address1: '12 Rue Haute', city: 'Lyon', postalCode: '69001', country: 'FR', phone: email } },
      headers: { 'x-siteuser-xsrf-token': shopper.xsrfToken },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    await db.execute(sql`INSERT INTO owner_sign_in_throttle (website_id, key, failures) VALUES (${w}, ${`site-user|${email}|127.0.0.1`}, 1)`);
    // The owner's notes and tags on the person (migration 0216): personal data about them.
    await db.execute(
      sql`INSERT INTO customer_notes (website_id, site_user_id, body, author_email) VALUES (${w}, ${shopper.siteUserId}, ${`Wrote from ${email} about a late parcel`}, 'owner@shop.example')`,
    );
    await db.execute(sql`INSERT INTO customer_tags (website_id, site_user_id, tag) VALUES (${w}, ${shopper.siteUserId}, 'Wholesale')`);
  }

  const orderCount = async (site: Website) =>
    (await rows<{ n: number }>(t.testDb.db, sql`SELECT count(*)::int AS n FROM orders WHERE website_id = ${site.id}`))[0]!.n;

  beforeAll(async () => {
    const testDb = await createTestDb({ dialect });
    t = await createTestApp({ testDb, config: { outboxPollMs: 600_000 }, rateLimitStore: { hit: async () => 1, close: async () => {} } });
    a = await t.createSite({ identifier: 'erase-a', title: 'Erase A' });
    b = await t.createSite({ identifier: 'erase-b', title: 'Erase B' });
    await enableAccounts(t.testDb.db, a.id);
    await enableAccounts(t.testDb.db, b.id);
    product = await createProductFixture(t.testDb.db, a.id, { title: 'Linen shirt' });
    await makeOwner(t.testDb.db, a.id, 'manager@shop.example', 'store-manager');
    await makeOwner(t.testDb.db, a.id, 'viewer@shop.example', 'viewer');
    await makeOwner(t.testDb.db, a.id, 'admin@shop.example', 'admin');
    owner = await signInOwner(t.app, t.hostOf(a), 'manager@shop.example');
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await t.testDb.close();
  });

  it('erases the person from /account: no table of the site holds their id, email or browser ids; orders stay for accounting, blanked', async () => {
    const email = `ada.${dialect}@example.com`;
    const ada = await signedInShopper(t.app, t.testDb.db, t.hostOf(a), a.id, email);
    const visitorId = `visitor-${randomBytes(6).toString('hex')}`;
    ada.browser.jar.set('ss_cvr', `${visitorId}|1`);
    const bea = await signedInShopper(t.app, t.testDb.db, t.hostOf(a), a.id, `bea.${dialect}@example.com`);
    await leaveTraces(a, ada, email, visitorId);
    await leaveTraces(a, bea, `bea.${dialect}@example.com`, `visitor-${randomBytes(6).toString('hex')}`);
    const adaOnB = await signedInShopper(t.app, t.testDb.db, t.hostOf(b), b.id, email);
    const person = { id: ada.siteUserId, email, visitorIds: [visitorId] };
    expect((await tracesOf(t.testDb.db, a.id, person)).length).toBeGreaterThan(10);
    const ordersBefore = await orderCount(a);

    const refused = await ada.browser.send('DELETE', '/api/site-users/account');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().xsrfFail).toBe(true);

    const erased = await ada.browser.send('DELETE', '/api/site-users/account', { headers: { 'x-siteuser-xsrf-token': ada.xsrfToken } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().message).toBe(SiteUserMessages.ACCOUNT_DELETED);

    expect(await tracesOf(t.testDb.db, a.id, person)).toEqual([]);
    expect(await orderCount(a)).toBe(ordersBefore);
    const kept = await rows<{ customer_email: string; shipping_address: Record<string, string>; grand_total_cents: number }>(
      t.testDb.db,
      sql`SELECT customer_email, shipping_address, grand_total_cents FROM orders WHERE website_id = ${a.id} AND customer_email = ${ERASED_EMAIL}`,
    );
    expect(kept).toHaveLength(2);
    expect(kept[0]!.grand_total_cents).toBe(4200);
    expect(kept[0]!.shipping_address).toMatchObject({ firstName: '', address1: '', phone: '', postalCode: '', country: 'FR' });
    const [subscription] = await rows<{ state: string; next_billing_at: unknown }>(
      t.testDb.db,
      sql`SELECT state, next_billing_at FROM subscriptions WHERE website_id = ${a.id} AND customer_email = ${ERASED_EMAIL}`,
    );
    expect(subscription).toEqual({ state: 'cancelled', next_billing_at: null });
    const [item] = await rows<{ like_count: number }>(t.testDb.db, sql`SELECT like_count FROM items WHERE website_id = ${a.id} AND id = ${product.itemId}`);
    expect(item!.like_count).toBe(1);

    // The other shopper of the site, and the same person's account on another site, keep everything.
    const beaTraces = await tracesOf(t.testDb.db, a.id, { id: bea.siteUserId, email: `bea.${dialect}@example.com`, visitorIds: [] });
    expect(beaTraces.length).toBeGreaterThan(10);
    expect((await adaOnB.browser.send('GET', '/api/site-users/account/session')).json().authenticated).toBe(true);

    const again = await ada.browser.send('GET', '/api/site-users/account/session');
    expect(again.json().authenticated).toBe(false);
  }, 120_000);

  it('erases from the account page only with the ticked box and the session token', async () => {
    const email = `cleo.${dialect}@example.com`;
    const cleo = await signedInShopper(t.app, t.testDb.db, t.hostOf(a), a.id, email);
    const unticked = await cleo.browser.send('POST', '/account/delete', { form: { xsrfToken: cleo.xsrfToken } });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.body).toContain(SiteUserMessages.ERASE_CONFIRM);
    const noToken = await cleo.browser.send('POST', '/account/delete', { form: { confirm: 'yes' } });
    expect(noToken.statusCode).toBe(403);
    const done = await cleo.browser.send('POST', '/account/delete', { form: { confirm: 'yes', xsrfToken: cleo.xsrfToken } });
    expect(done.statusCode).toBe(303);
    expect(await tracesOf(t.testDb.db, a.id, { id: cleo.siteUserId, email, visitorIds: [] })).toEqual([]);
  }, 60_000);

  it('lets an owner who reads customers list, search and open them, and one with customers:write erase them; erasing twice changes nothing; other sites are out of reach', async () => {
    const email = `dora.${dialect}@example.com`;
    const dora = await signedInShopper(t.app, t.testDb.db, t.hostOf(a), a.id, email);
    await leaveTraces(a, dora, email, `visitor-${randomBytes(6).toString('hex')}`);
    const onB = await signedInShopper(t.app, t.testDb.db, t.hostOf(b), b.id, `elio.${dialect}@example.com`);

    const list = await owner.call('GET', `${CUSTOMERS_PATH}?search=${encodeURIComponent(`DORA.${dialect}`)}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().customers.map((c: { email: string }) => c.email)).toEqual([email]);
    const firstPage = (await owner.call('GET', `${CUSTOMERS_PATH}?limit=1`)).json();
    expect(firstPage.customers).toHaveLength(1);
    expect(firstPage.hasNextPage).toBe(true);
    const secondPage = (await owner.call('GET', `${CUSTOMERS_PATH}?limit=1&cursor=${firstPage.nextPageCursor}`)).json();
    expect(secondPage.customers[0].id).not.toBe(firstPage.customers[0].id);

    // The export: every account of this site (none of the other's), the search applied, cells a spreadsheet never runs.
    const csv = await owner.call('GET', `${CUSTOMERS_PATH}/export.csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="customers-[^"]+\.csv"$/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"Email","Name","Email verified","Language","Created","Last sign-in","Tags"');
    expect(lines.some((line) => line.startsWith(`"${email}","`))).toBe(true);
    expect(csv.body).not.toContain(`elio.${dialect}@example.com`);
    const searched = await owner.call('GET', `${CUSTOMERS_PATH}/export.csv?search=${encodeURIComponent(`DORA.${dialect}`)}`);
    expect(
      searched.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(2);

    const detail = await owner.call('GET', `${CUSTOMERS_PATH}/${dora.siteUserId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().orders).toHaveLength(2);
    expect(detail.json().subscriptions[0]).toMatchObject({ state: 'active', productNames: ['Coffee'] });
    expect((await owner.call('GET', `${CUSTOMERS_PATH}/${onB.siteUserId}`)).statusCode).toBe(404);

    // Erasure needs customers:write (docs/roles.md): the store manager and the viewer read customers but may not erase them.
    const viewer = await signInOwner(t.app, t.hostOf(a), 'viewer@shop.example');
    expect((await viewer.call('GET', `${CUSTOMERS_PATH}/${dora.siteUserId}`)).statusCode).toBe(200);
    expect((await viewer.call('DELETE', `${CUSTOMERS_PATH}/${dora.siteUserId}`)).statusCode).toBe(403);
    const managerErases = await owner.call('DELETE', `${CUSTOMERS_PATH}/${dora.siteUserId}`);
    expect(managerErases.statusCode).toBe(403);
    expect(managerErases.json().permission).toBe('customers:write');
    const admin = await signInOwner(t.app, t.hostOf(a), 'admin@shop.example');
    const noCrumb = await t.app.inject({
      method: 'DELETE',
      url: `${CUSTOMERS_PATH}/${dora.siteUserId}`,
      headers: { host: admin.host, 'x-emporium-site': admin.site!, cookie: admin.cookie },
    });
    expect([401, 403]).toContain(noCrumb.statusCode);

    const erased = await admin.call('DELETE', `${CUSTOMERS_PATH}/${dora.siteUserId}`);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({
      erased: true,
      counts: { orders: 2, subscriptions: 1, formSubmissions: 1, restockSignups: 1, comments: 1, notes: 1, tags: 1 },
    });
    expect(await tracesOf(t.testDb.db, a.id, { id: dora.siteUserId, email, visitorIds: [] })).toEqual([]);
    expect((await admin.call('DELETE', `${CUSTOMERS_PATH}/${dora.siteUserId}`)).json()).toMatchObject({ erased: false });
    expect((await admin.call('DELETE', `${CUSTOMERS_PATH}/${onB.siteUserId}`)).json()).toMatchObject({ erased: false });
    expect((await onB.browser.send('GET', '/api/site-users/account/session')).json().authenticated).toBe(true);
    const audit = (await admin.call('GET', '/api/owner/audit')).json().entries.find((e: { action: string }) => e.action === 'site-user.erase');
    expect(audit).toMatchObject({ actorEmail: 'admin@shop.example', subjectId: null, detail: { orders: 2 } });
  }, 120_000);

  it('erases a person with 200 orders in one transaction (the figure of decision 0043)', async () => {
    const email = `many.${dialect}@example.com`;
    const many = await signedInShopper(t.app, t.testDb.db, t.hostOf(a), a.id, email);
    const db = t.testDb.db;
    await db.execute(sql`WITH c AS (
        INSERT INTO carts (website_id, site_user_id, is_purchased) SELECT ${a.id}, ${many.siteUserId}, true FROM generate_series(1, 200) RETURNING id)
      INSERT INTO orders (website_id, order_number, purchased_cart_id, status, customer_email, shipping_address, currency, grand_total_cents, status_token)
      SELECT ${a.id}, 100000 + row_number() OVER (), c.id, 'PAID', ${email}, '{"firstName":"M","country":"DE"}'::jsonb, 'EUR', 100, md5(random()::text || c.id) FROM c`);
    const started = performance.now();
    const erased = await many.browser.send('DELETE', '/api/site-users/account', { headers: { 'x-siteuser-xsrf-token': many.xsrfToken } });
    const ms = performance.now() - started;
    expect(erased.statusCode).toBe(200);
    console.info(`erasure of a person with 200 orders on ${dialect}: ${ms.toFixed(0)} ms`);
    expect(await tracesOf(db, a.id, { id: many.siteUserId, email, visitorIds: [] })).toEqual([]);
  }, 120_000);
});
