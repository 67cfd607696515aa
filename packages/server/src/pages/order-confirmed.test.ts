import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, PAY_OK, Visitor } from '../../test-support/commerce-test-kit.js';
import { orderCheckoutDetails, orderItems, outbox } from '../db/index.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';

function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('order confirmed page and mail: the variant bought, and what is true of the receipt (#24)', () => {
  let t: PagesTestApp;
  let websiteId: string;
  let orderId: string;
  let mailId: string;

  beforeAll(async () => {
    t = await createPagesTestApp();
    const shirt = await t.context('demo', '/shop/linen-camp-shirt');
    websiteId = shirt.json.website.id;
    const visitor = new Visitor(t.app, 'demo.localhost');
    const added = await visitor.add(shirt.json.item.id, 'FF-SHIRT-SAGE-M', 1);
    expect(added.statusCode).toBe(200);
    const placed = await visitor.checkout({ email: 'ada@example.com', shippingAddress: ADDRESS, payment: PAY_OK });
    expect(placed.statusCode).toBe(200);
    orderId = placed.json().order.id;
    const [details] = await t.testDb.db
      .select({ receiptMailId: orderCheckoutDetails.receiptMailId })
      .from(orderCheckoutDetails)
      .where(and(eq(orderCheckoutDetails.websiteId, websiteId), eq(orderCheckoutDetails.orderId, orderId)));
    mailId = details!.receiptMailId!;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function setMailStatus(status: string): Promise<void> {
    await t.testDb.db
      .update(outbox)
      .set({ status })
      .where(and(eq(outbox.websiteId, websiteId), eq(outbox.id, mailId)));
  }

  it('keeps the options of the variant on the order line, in the product option order', async () => {
    const lines = await t.testDb.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines.map((l) => l.variantOptions)).toEqual([
      [
        { name: 'Colour', value: 'Sage' },
        { name: 'Size', value: 'M' },
      ],
    ]);
  });

  it('shows the variant on the confirmation page and in the confirmation mail', async () => {
    const page = await t.get('demo', `/checkout/order-confirmed/${orderId}`);
    expect(page.statusCode).toBe(200);
    expect(textOf(page.body)).toContain('Linen Camp Shirt (Colour: Sage, Size: M) &times; 1');
    const [mail] = await t.testDb.db.select().from(outbox).where(eq(outbox.id, mailId));
    expect(mail!.kind).toBe('order-confirmation');
    expect(mail!.textBody).toContain('1 x Linen Camp Shirt, Colour: Sage, Size: M (FF-SHIRT-SAGE-M)');
  });

  it.each([
    ['pending', 'A receipt for your inbox is queued and has not been sent yet.'],
    ['sending', 'A receipt for your inbox is queued and has not been sent yet.'],
    ['sent', 'A receipt has been sent to your inbox.'],
    ['failed', 'We could not send you a receipt, so keep this page to see your order.'],
  ])('says what the outbox knows of the receipt: mail %s', async (status, said) => {
    await setMailStatus(status);
    const page = await t.get('demo', `/checkout/order-confirmed/${orderId}`);
    const text = textOf(page.body);
    expect(text).toContain(said);
    expect(text).not.toContain('on its way');
  });
});
