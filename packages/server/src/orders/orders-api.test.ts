import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderCheckoutDetails, orders, outbox, products, variants } from '../db/schema.js';
import { auditLog } from '../db/schema-owners.js';
import type { Website } from '../sites/index.js';
import { OrderMessages } from './order-messages.js';
import { OWNER_ORDERS_PATH } from './routes.js';
import { createOrdersTestApp, type OrdersTestApp } from '../../test-support/orders-test-kit.js';
import { makeOwner, signInOwner } from '../../test-support/owners.js';

// Issue 12 "Orders": list with status filter, date range, search and server-side pagination;
// detail; fulfil with a tracking number (mail to the customer); cancel (stock back); full or
// partial refund in test mode; notes; CSV export. Acceptance 6: two refunds at once refund once.
describe('owner order desk (issue 12, orders)', () => {
  let t: OrdersTestApp;
  let site: Website;
  let other: Website;
  let vase: { itemId: string; variantId: string; sku: string };
  const ids: string[] = [];
  let otherOrder: string;

  const customers = [
    { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
    { email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper' },
    { email: 'alan@example.net', firstName: 'Alan', lastName: 'Turing' },
    { email: 'edsger@example.com', firstName: 'Edsger', lastName: 'Dijkstra' },
    { email: 'barbara@example.com', firstName: '=HYPERLINK("x")', lastName: 'Liskov' },
  ];

  const stockOf = async (variantId: string) => (await t.testDb.db.select({ q: variants.qtyInStock }).from(variants).where(eq(variants.id, variantId)))[0]!.q;
  const list = async (query = '') => t.call(site, 'GET', `${OWNER_ORDERS_PATH}${query}`);
  const numbersOf = (body: { orders: Array<{ orderNumber: number }> }) => body.orders.map((o) => o.orderNumber);

  beforeAll(async () => {
    t = await createOrdersTestApp();
    site = await t.createSite({ identifier: 'orders-desk-a', title: 'Desk <A>' });
    other = await t.createSite({ identifier: 'orders-desk-b', title: 'Desk B' });
    vase = await t.addProduct(site, 'Vase', 2500, 100);
    for (const customer of customers) ids.push(await t.placeOrder(site, vase, 2, customer));
    const otherVase = await t.addProduct(other, 'Vase', 1000, 10);
    otherOrder = await t.placeOrder(other, otherVase, 1, { email: 'ada@example.com', firstName: 'Ada', lastName: 'Other' });
    // Spread the orders over five days: order i placed on 2026-11-0(i+1) at noon UTC.
    for (const [i, id] of ids.entries()) {
      await t.testDb.db
        .update(orders)
        .set({ createdAt: new Date(`2026-11-0${i + 1}T12:00:00Z`) })
        .where(eq(orders.id, id));
    }
  });
  afterAll(() => t.close());

  it('needs an owner session of the site', async () => {
    expect((await t.call(site, 'GET', OWNER_ORDERS_PATH, undefined, { owner: false })).statusCode).toBe(401);
    expect((await t.call(site, 'GET', `${OWNER_ORDERS_PATH}/${ids[0]}`, undefined, { owner: false })).statusCode).toBe(401);
    expect((await t.call(site, 'POST', `${OWNER_ORDERS_PATH}/${ids[0]}/notes`, { text: 'x' }, { owner: false })).statusCode).toBe(401);
  });

  it('lists the site’s orders newest first in keyset pages, never another site’s', async () => {
    const first = await list('?limit=2');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(numbersOf(body)).toEqual([5, 4]);
    expect(body.orders[0]).toMatchObject({
      customerEmail: 'barbara@example.com',
      customerName: '=HYPERLINK("x") Liskov',
      grandTotalCents: 5000,
      refundedCents: 0,
      itemCount: 2,
      status: 'PAID',
      testMode: true,
      currency: 'USD',
    });
    expect(body.hasNextPage).toBe(true);
    const second = (await list(`?limit=2&cursor=${body.nextPageCursor}`)).json();
    expect(numbersOf(second)).toEqual([3, 2]);
    const third = (await list(`?limit=2&cursor=${second.nextPageCursor}`)).json();
    expect(numbersOf(third)).toEqual([1]);
    expect(third).toMatchObject({ hasNextPage: false, nextPageCursor: null });
    const all = (await list()).json();
    expect(all.orders.map((o: { id: string }) => o.id)).not.toContain(otherOrder);
  });

  it('filters by status and by days (both ends included), and refuses bad filters clearly', async () => {
    expect(numbersOf((await list('?from=2026-11-02&to=2026-11-04')).json())).toEqual([4, 3, 2]);
    expect(numbersOf((await list('?from=2026-11-05')).json())).toEqual([5]);
    expect(numbersOf((await list('?status=PAID&to=2026-11-01')).json())).toEqual([1]);
    expect((await list('?status=FULFILLED&to=2026-11-01')).json().orders).toEqual([]);
    const badStatus = await list('?status=SHIPPED');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().fields.status).toMatch(/^status must be one of PENDING, PAID/);
    for (const day of ['yesterday', '2026-02-31', '2026-13-01']) {
      const badDay = await list(`?from=${day}`);
      expect(badDay.statusCode).toBe(400);
      expect(badDay.json().fields.from).toBe('from must be a date like 2026-11-24.');
    }
    const reversed = await list('?from=2026-11-05&to=2026-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('The first day must not be after the last day.');
    expect((await list('?cursor=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
  });

  it('searches by order number, and by the start of the email, full name or last name, ignoring case', async () => {
    const search = async (q: string) => numbersOf((await list(`?q=${encodeURIComponent(q)}`)).json());
    expect(await search('#3')).toEqual([3]);
    expect(await search('4')).toEqual([4]);
    expect(await search('ADA@')).toEqual([1]);
    expect(await search('a')).toEqual([3, 1]);
    expect(await search('grace hop')).toEqual([2]);
    expect(await search('turing')).toEqual([3]);
    expect(await search('%')).toEqual([]);
    expect(await search('_da')).toEqual([]);
    expect(await search('lovelace')).toEqual([1]);
  });

  it('shows one order with lines, totals, customer, address, payment and timeline; another site’s order is not found', async () => {
    const response = await t.call(site, 'GET', `${OWNER_ORDERS_PATH}/${ids[1]}`);
    expect(response.statusCode).toBe(200);
    const order = response.json();
    expect(order).toMatchObject({
      orderNumber: 2,
      status: 'PAID',
      customer: { email: 'grace@example.org', name: 'Grace Hopper' },
      shippingAddress: { city: 'Leeds', country: 'GB' },
      lines: [{ productName: 'Vase', sku: vase.sku, quantity: 2, unitPriceCents: 2500, lineTotalCents: 5000 }],
      totals: { subtotalCents: 5000, grandTotalCents: 5000, refundedCents: 0, refundableCents: 5000 },
      payment: { provider: 'test', cardLast4: '4242', amountCents: 5000 },
      fulfilment: null,
      refunds: [],
    });
    expect(order.timeline).toEqual([{ kind: 'PLACED', at: '2026-11-02T12:00:00.000Z', message: 'Order #2 placed', amountCents: 5000, actor: null }]);
    expect((await t.call(site, 'GET', `${OWNER_ORDERS_PATH}/${otherOrder}`)).statusCode).toBe(404);
    expect((await t.call(site, 'GET', `${OWNER_ORDERS_PATH}/missing`)).json().message).toBe('This order does not exist.');
  });

  it('fulfils a paid order once with its tracking number and queues the customer’s mail', async () => {
    const empty = await t.call(site, 'POST', `${OWNER_ORDERS_PATH}/${ids[0]}/fulfilment`, { trackingNumber: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.trackingNumber).toBe('Enter a tracking number.');
    const done = await t.call(site, 'POST', `${OWNER_ORDERS_PATH}/${ids[0]}/fulfilment`, { trackingNumber: '1Z999AA10123456784', carrier: 'UPS' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      mailQueued: true,
      order: { status: 'FULFILLED', fulfilment: { trackingNumber: '1Z999AA10123456784', carrier: 'UPS' } },
    });
    expect(done.json().order.timeline.at(-1)).toMatchObject({ kind: 'FULFILLED', message: 'Fulfilled with tracking number 1Z999AA10123456784 (UPS)' });
    const mails = await t.testDb.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.websiteId, site.id), eq(outbox.kind, 'order-shipped')));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: 'ada@example.com', subject: 'Your order #1 from Desk <A> is on its way' });
    expect(mails[0]!.textBody).toContain('Tracking number: 1Z999AA10123456784');
    expect(mails[0]!.htmlBody).toContain('Desk &lt;A&gt;');
    const again = await t.call(site, 'POST', `${OWNER_ORDERS_PATH}/${ids[0]}/fulfilment`, { trackingNumber: 'X' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(OrderMessages.ALREADY_FULFILLED);
    const cancel = await t.call(site, 'POST', `${OWNER_ORDERS_PATH}/${ids[0]}/cancel`, {});
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(OrderMessages.CANCEL_FULFILLED);
    expect(numbersOf((await list('?status=FULFILLED')).json())).toEqual([1]);
  });

  it('cancels an order once when asked twice at once, putting its units back in stock once', async () => {
    const before = await stockOf(vase.variantId);
    const answers = await Promise.all([0, 1].map(() => t.call(site, 'POST', `${OWNER_ORDERS_PATH}/${ids[2]}/cancel`, { reason: 'Customer asked' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(OrderMessages.ALREADY_CANCELLED);
    expect(await stockOf(vase.variantId)).toBe(before + 2);
    const order = answers.find((a) => a.statusCode === 200)!.json();
    expect(order.status).toBe('CANCELLED');
    expect(order.timeline.at(-1)).toMatchObject({ kind: 'CANCELLED', message: 'Cancelled: Customer asked' });
    const fulfil = await t.call(site, 'POST', `${OWNER_ORDERS_PATH}/${ids[2]}/fulfilment`, { trackingNumber: 'X' });
    expect(fulfil.json().message).toBe(OrderMessages.FULFIL_CANCELLED);
  });

  it('refunds part then the rest, never more than paid, and says how much is left', async () => {
    const path = `${OWNER_ORDERS_PATH}/${ids[3]}/refunds`;
    const part = await t.call(site, 'POST', path, { amountCents: 1500, expectedRefundedCents: 0, reason: 'Chipped' });
    expect(part.statusCode).toBe(200);
    expect(part.json().totals).toMatchObject({ refundedCents: 1500, refundableCents: 3500 });
    expect(part.json().timeline.at(-1)).toMatchObject({ kind: 'REFUNDED', amountCents: 1500, message: 'Refunded: $15.00 (Chipped)' });
    const tooMuch = await t.call(site, 'POST', path, { amountCents: 3501, expectedRefundedCents: 1500 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      message: 'A refund can be at most the $35.00 not yet refunded.',
      fields: { amountCents: 'A refund can be at most the $35.00 not yet refunded.' },
    });
    const stale = await t.call(site, 'POST', path, { amountCents: 100, expectedRefundedCents: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(OrderMessages.REFUNDS_CHANGED);
    const zero = await t.call(site, 'POST', path, { amountCents: 0, expectedRefundedCents: 1500 });
    expect(zero.json().fields.amountCents).toBe('The refund must be more than zero.');
    const rest = await t.call(site, 'POST', path, { expectedRefundedCents: 1500 });
    expect(rest.json().totals).toMatchObject({ refundedCents: 5000, refundableCents: 0 });
    const more = await t.call(site, 'POST', path, { expectedRefundedCents: 5000 });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(OrderMessages.REFUNDED_IN_FULL);
    expect((await list('?q=4')).json().orders[0].refundedCents).toBe(5000);
  });

  it('refunds once when the same refund is sent twice at once (acceptance 6)', async () => {
    const path = `${OWNER_ORDERS_PATH}/${ids[4]}/refunds`;
    const answers = await Promise.all([0, 1, 2].map(() => t.call(site, 'POST', path, { expectedRefundedCents: 0 })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const detail = (await t.call(site, 'GET', `${OWNER_ORDERS_PATH}/${ids[4]}`)).json();
    expect(detail.refunds).toHaveLength(1);
    expect(detail.totals).toMatchObject({ refundedCents: 5000, refundableCents: 0 });
  });

  it('refuses refunds of a live order whose provider the site cannot use, naming the provider', async () => {
    const [details] = await t.testDb.db.select().from(orderCheckoutDetails).where(eq(orderCheckoutDetails.orderId, ids[1]!));
    await t.testDb.db.update(orders).set({ testMode: false }).where(eq(orders.id, ids[1]!));
    await t.testDb.db
      .update(orderCheckoutDetails)
      .set({ payment: { ...details!.payment, provider: 'stripe' } })
      .where(eq(orderCheckoutDetails.orderId, ids[1]!));
    const live = await t.call(site, 'POST', `${OWNER_ORDERS_PATH}/${ids[1]}/refunds`, { expectedRefundedCents: 0 });
    expect(live.statusCode).toBe(422);
    expect(live.json().message).toBe(OrderMessages.refundProviderUnavailable('stripe'));
    await t.testDb.db.update(orderCheckoutDetails).set({ payment: details!.payment }).where(eq(orderCheckoutDetails.orderId, ids[1]!));
    await t.testDb.db.update(orders).set({ testMode: true }).where(eq(orders.id, ids[1]!));
  });

  it('adds notes to the timeline, and refuses empty ones', async () => {
    const note = await t.call(site, 'POST', `${OWNER_ORDERS_PATH}/${ids[1]}/notes`, { text: ' Gift wrap, please. ' });
    expect(note.statusCode).toBe(200);
    expect(note.json().timeline.at(-1)).toMatchObject({ kind: 'NOTE', message: 'Gift wrap, please.', actor: null });
    const empty = await t.call(site, 'POST', `${OWNER_ORDERS_PATH}/${ids[1]}/notes`, { text: '' });
    expect(empty.json().fields.text).toBe('Write a note.');
    expect((await t.call(site, 'POST', `${OWNER_ORDERS_PATH}/${otherOrder}/notes`, { text: 'x' })).statusCode).toBe(404);
  });

  it('exports the filtered orders as CSV, spreadsheet formulas defused', async () => {
    const response = await t.call(site, 'GET', `${OWNER_ORDERS_PATH}/export.csv?from=2026-11-03`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders-orders-desk-a.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('"Order number","Placed at (UTC)","Status","Test mode","Customer email","Customer name","Items","Currency","Total","Refunded"');
    expect(lines.slice(1)).toEqual([
      `"5","2026-11-05T12:00:00.000Z","PAID","yes","barbara@example.com","'=HYPERLINK(""x"") Liskov","2","USD","50.00","50.00"`,
      `"4","2026-11-04T12:00:00.000Z","PAID","yes","edsger@example.com","Edsger Dijkstra","2","USD","50.00","50.00"`,
      `"3","2026-11-03T12:00:00.000Z","CANCELLED","yes","alan@example.net","Alan Turing","2","USD","50.00","0.00"`,
    ]);
    expect((await t.call(site, 'GET', `${OWNER_ORDERS_PATH}/export.csv`, undefined, { owner: false })).statusCode).toBe(401);
  });

  it('records every change in the site’s audit log, in the change’s transaction', async () => {
    const entries = await t.testDb.db.select().from(auditLog).where(eq(auditLog.websiteId, site.id));
    const actions = entries.map((e) => `${e.action} #${(e.detail as { orderNumber?: number }).orderNumber ?? ''}`).sort();
    expect(actions).toEqual(['order.cancel #3', 'order.fulfil #1', 'order.note #', 'order.refund #4', 'order.refund #4', 'order.refund #5']);
    expect(entries.every((e) => e.subjectType === 'order')).toBe(true);
  });

  it('lets each role do what its permissions say (orders:read, orders:write), only on its own site', async () => {
    const host = t.hostOf(site);
    for (const [email, role] of [
      ['manager@example.com', 'store-manager'],
      ['reporter@example.com', 'reporting'],
      ['editor@example.com', 'editor'],
    ] as const) {
      await makeOwner(t.testDb.db, site.id, email, role);
    }
    const manager = await signInOwner(t.app, host, 'manager@example.com');
    const reporter = await signInOwner(t.app, host, 'reporter@example.com');
    const editor = await signInOwner(t.app, host, 'editor@example.com');
    expect((await reporter.call('GET', OWNER_ORDERS_PATH)).statusCode).toBe(200);
    expect((await reporter.call('GET', `${OWNER_ORDERS_PATH}/export.csv`)).statusCode).toBe(200);
    const refused = await reporter.call('POST', `${OWNER_ORDERS_PATH}/${ids[1]}/notes`, { text: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your role does not allow this.');
    expect((await editor.call('GET', OWNER_ORDERS_PATH)).statusCode).toBe(403);
    const note = await manager.call('POST', `${OWNER_ORDERS_PATH}/${ids[1]}/notes`, { text: 'Called the customer.' });
    expect(note.statusCode).toBe(200);
    expect(note.json().timeline.at(-1)).toMatchObject({ kind: 'NOTE', actor: 'manager@example.com' });
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: OWNER_ORDERS_PATH,
      headers: { host: t.hostOf(other), cookie: manager.cookie, accept: 'application/json' },
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('#24 names the options of the variant bought on each line, as they were when the order was placed', async () => {
    const shop = await t.createSite({ identifier: 'orders-desk-c', title: 'Desk C' });
    const shirt = await t.addProduct(shop, 'Shirt', 3000, 10);
    await t.testDb.db
      .update(products)
      .set({ variantOptionOrdering: ['Colour', 'Size'] })
      .where(eq(products.itemId, shirt.itemId));
    await t.testDb.db
      .update(variants)
      .set({ attributes: { Size: 'M', Colour: 'Sage' } })
      .where(eq(variants.id, shirt.variantId));
    const orderId = await t.placeOrder(shop, shirt, 1, customers[0]!);
    await t.testDb.db
      .update(variants)
      .set({ attributes: { Size: 'L', Colour: 'Rust' } })
      .where(eq(variants.id, shirt.variantId));
    await makeOwner(t.testDb.db, shop.id, 'desk-c@example.com', 'admin');
    const owner = await signInOwner(t.app, t.hostOf(shop), 'desk-c@example.com');
    const response = await owner.call('GET', `${OWNER_ORDERS_PATH}/${orderId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().lines).toEqual([
      expect.objectContaining({
        productName: 'Shirt',
        variantOptions: [
          { name: 'Colour', value: 'Sage' },
          { name: 'Size', value: 'M' },
        ],
      }),
    ]);
    const plain = await t.call(site, 'GET', `${OWNER_ORDERS_PATH}/${ids[1]}`);
    expect(plain.json().lines[0].variantOptions).toEqual([]);
  });
});
