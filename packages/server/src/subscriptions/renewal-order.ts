import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { nextOrderNumber } from '../checkout/index.js';
import { orderCheckoutDetails, orderItems, orders } from '../db/schema.js';
import type { subscriptions } from '../db/schema-subscriptions.js';
import type { DbOrTx } from '../db/types.js';
import { enqueueMails } from '../outbox/index.js';
import type { MailSite } from './subscription-mails.js';
import { renewalPaidMail, subscriptionMailLanguage } from './subscription-mails.js';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A renewal charge the provider took. */
export interface RenewalPayment {
  orderId: string;
  cycle: number;
  testMode: boolean;
  paymentRef: string;
  summary: Record<string, unknown>;
}

/**
 * Writes the order of a paid renewal inside the renewal's transaction: its own order number,
 * status PAID, the lines of the subscription's snapshot, the first order's addresses and
 * breakdown, the plan, the payment (its reference refunds use) and the confirmation mail.
 */
export async function writeRenewalOrder(tx: DbOrTx, where: MailSite, sub: SubscriptionRow, payment: RenewalPayment): Promise<number> {
  const websiteId = sub.websiteId;
  const [first] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.id, sub.firstOrderId)));
  const sameTotal = first && first.grandTotalCents === sub.amountCents;
  const orderNumber = await nextOrderNumber(tx, websiteId);
  await tx.insert(orders).values({
    id: payment.orderId,
    websiteId,
    orderNumber,
    purchasedCartId: null,
    testMode: payment.testMode,
    status: 'PAID',
    paymentStatus: 'paid',
    customerEmail: sub.customerEmail,
    shippingAddress: first?.shippingAddress ?? null,
    billingAddress: first?.billingAddress ?? null,
    currency: sub.currency,
    subtotalCents: sameTotal ? first.subtotalCents : sub.amountCents,
    taxCents: sameTotal ? first.taxCents : 0,
    shippingCents: sameTotal ? first.shippingCents : 0,
    discountCents: sameTotal ? first.discountCents : 0,
    grandTotalCents: sub.amountCents,
    subscription: { billingPeriod: { ...sub.plan.billingPeriod }, numBillingCycles: sub.plan.numBillingCycles },
    statusToken: randomBytes(24).toString('base64url'),
    language: sub.language,
  });
  if (sub.lines.length > 0) {
    await tx.insert(orderItems).values(
      sub.lines.map((l) => ({
        websiteId,
        orderId: payment.orderId,
        itemId: l.itemId,
        variantId: l.variantId,
        sku: l.sku,
        productName: l.productName,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        variantOptions: l.variantOptions,
      })),
    );
  }
  await enqueueMails(tx, [renewalPaidMail(where, await subscriptionMailLanguage(tx, where.site, sub), sub, orderNumber, payment.cycle)]);
  await tx.insert(orderCheckoutDetails).values({
    websiteId,
    orderId: payment.orderId,
    payment: {
      amount: { value: sub.amountCents, currency: sub.currency },
      ...payment.summary,
      authorizationId: payment.paymentRef,
      renewalOf: sub.id,
      cycle: payment.cycle,
    },
  });
  return orderNumber;
}
