import { randomBytes } from 'node:crypto';
import { nextBillingDate, type SubscriptionPlan } from '@emporium/commerce';
import { and, eq } from 'drizzle-orm';
import { nextOrderNumber } from '../checkout/index.js';
import { orderCheckoutDetails, orderItems, orders } from '../db/schema.js';
import { donations } from '../db/schema-donations.js';
import { subscriptions, type SubscriptionLine } from '../db/schema-subscriptions.js';
import type { DbOrTx } from '../db/types.js';
import { enqueueMails } from '../outbox/index.js';
import type { SavedPaymentMethod } from '../payments/index.js';
import type { Website } from '../sites/index.js';
import { AppError } from '../errors/index.js';
import { DonationMessages } from './donation-messages.js';
import { donationReceiptMail } from './donation-mails.js';
import { readMailLanguage } from '../mail-language/index.js';

type DonationRow = typeof donations.$inferSelect;

/** Item id of the line a donation order carries (no catalogue item: the line stands for the gift). */
export const DONATION_ITEM_ID = 'donation';

/** The plan of a monthly donation: every month until cancelled. */
export const MONTHLY_DONATION_PLAN: SubscriptionPlan = Object.freeze({
  billingPeriod: Object.freeze({ value: 1, unit: 'MONTH' as const }),
  numBillingCycles: 0,
});

/** A payment the provider authorized for a donation. */
export interface DonationPayment {
  orderId: string;
  authorizationId: string;
  summary: Record<string, unknown>;
  savedMethod?: SavedPaymentMethod;
  testMode: boolean;
}

function donationLine(donation: DonationRow): SubscriptionLine {
  return {
    itemId: DONATION_ITEM_ID,
    variantId: null,
    sku: null,
    productName: donation.frequency === 'monthly' ? 'Monthly donation' : 'Donation',
    quantity: 1,
    unitPriceCents: donation.amountCents,
    variantOptions: null,
  };
}

/**
 * Records a paid donation in one transaction: its order (status PAID, one donation line, the
 * payment its refunds use), for a monthly gift the subscription that renews it (next billing a
 * month on), the donation moved from pending to paid (guarded: only this run's claim of this
 * attempt), and the receipt mail. A lost claim is a 409 that rolls the whole transaction back.
 */
export async function writePaidDonation(
  tx: DbOrTx,
  where: { site: Website; origin: string; thankYou: string },
  donation: DonationRow,
  payment: DonationPayment,
  now: Date,
): Promise<number> {
  const { site } = where;
  const orderNumber = await nextOrderNumber(tx, site.id);
  const line = donationLine(donation);
  await tx.insert(orders).values({
    id: payment.orderId,
    websiteId: site.id,
    orderNumber,
    testMode: payment.testMode,
    status: 'PAID',
    paymentStatus: 'paid',
    customerEmail: donation.donorEmail,
    currency: donation.currency,
    subtotalCents: donation.amountCents,
    grandTotalCents: donation.amountCents,
    subscription: donation.frequency === 'monthly' ? { billingPeriod: { ...MONTHLY_DONATION_PLAN.billingPeriod }, numBillingCycles: 0 } : null,
    statusToken: randomBytes(24).toString('base64url'),
    language: donation.language,
  });
  await tx.insert(orderItems).values({ websiteId: site.id, orderId: payment.orderId, ...line });
  await tx.insert(orderCheckoutDetails).values({
    websiteId: site.id,
    orderId: payment.orderId,
    payment: {
      amount: { value: donation.amountCents, currency: donation.currency },
      ...payment.summary,
      authorizationId: payment.authorizationId,
      donationId: donation.id,
    },
  });
  let subscriptionId: string | null = null;
  let manageToken: string | null = null;
  if (donation.frequency === 'monthly' && payment.savedMethod) {
    manageToken = randomBytes(24).toString('base64url');
    const [sub] = await tx
      .insert(subscriptions)
      .values({
        websiteId: site.id,
        firstOrderId: payment.orderId,
        customerEmail: donation.donorEmail,
        plan: { billingPeriod: { ...MONTHLY_DONATION_PLAN.billingPeriod }, numBillingCycles: 0 },
        currency: donation.currency,
        amountCents: donation.amountCents,
        lines: [line],
        paymentMethod: { ...payment.savedMethod, summary: { ...payment.savedMethod.summary } },
        state: 'active',
        cyclesBilled: 1,
        anchorAt: now,
        anchorCycle: 1,
        nextBillingAt: nextBillingDate(now, MONTHLY_DONATION_PLAN.billingPeriod),
        manageToken,
        language: donation.language,
      })
      .returning({ id: subscriptions.id });
    subscriptionId = sub!.id;
  }
  const moved = await tx
    .update(donations)
    .set({ status: 'paid', orderId: payment.orderId, subscriptionId, testMode: payment.testMode, paidAt: now, message: '', updatedAt: now })
    .where(and(eq(donations.websiteId, site.id), eq(donations.id, donation.id), eq(donations.status, 'pending'), eq(donations.attempt, donation.attempt)))
    .returning({ id: donations.id });
  // Another run holds the key's claim now: roll everything back (the caller voids the payment).
  if (moved.length === 0) throw new AppError('CONFLICT', DonationMessages.IN_PROGRESS);
  const language = await readMailLanguage(tx, site, donation.language);
  await enqueueMails(tx, [
    donationReceiptMail({ ...donation, testMode: payment.testMode }, language, {
      site,
      origin: where.origin,
      orderNumber,
      thankYou: where.thankYou,
      manageToken,
      paidAt: now,
    }),
  ]);
  return orderNumber;
}
