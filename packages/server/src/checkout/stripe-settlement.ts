import type Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { orders } from '../db/schema.js';
import { orderEvents } from '../db/schema-orders.js';
import { paymentAttempts, paymentEvents } from '../db/schema-payments.js';
import type { Db } from '../db/types.js';
import type { IntentOutcome, StripePaymentProvider } from '../payments/index.js';
import type { Website } from '../sites/index.js';
import { attemptOfIntent, settlePaid, settleUnpaid, type PaymentAttempt } from './payment-attempts.js';

/** What a webhook delivery did: applied, or already seen (by event id), or not ours to act on. */
export type WebhookResult = 'applied' | 'duplicate' | 'ignored';

async function attemptOf(db: Db, site: Website, intent: Stripe.PaymentIntent): Promise<PaymentAttempt | undefined> {
  const byIntent = await attemptOfIntent(db, site.id, 'stripe', intent.id);
  if (byIntent) return byIntent;
  // The intent id is recorded after Stripe answers; a crash in between leaves only the metadata.
  const attemptId = intent.metadata?.attemptId;
  if (!attemptId) return undefined;
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.websiteId, site.id), eq(paymentAttempts.id, attemptId)));
  return row;
}

function summaryOf(intent: Stripe.PaymentIntent): Record<string, unknown> {
  return { provider: 'stripe', intentId: intent.id };
}

async function orderOfCharge(db: Db, site: Website, charge: Stripe.Charge): Promise<string | undefined> {
  const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId) return undefined;
  const attempt = await attemptOfIntent(db, site.id, 'stripe', intentId);
  return attempt?.orderId;
}

/**
 * Applies one verified Stripe event to the site's orders, once per event id. Every change is a
 * guarded move forward (pending to paid or failed; paid to refunded or disputed), so a replayed
 * or out-of-order delivery ends in the same state: a failure reported after the success changes
 * nothing, and a success reported after a failure still places the order.
 */
export async function applyStripeEvent(db: Db, site: Website, event: Stripe.Event): Promise<WebhookResult> {
  const [seen] = await db
    .select({ eventId: paymentEvents.eventId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.websiteId, site.id), eq(paymentEvents.provider, 'stripe'), eq(paymentEvents.eventId, event.id)));
  if (seen) return 'duplicate';
  const result = await applyOnce(db, site, event);
  // Stored after it was applied: a crash in between makes Stripe deliver again, and applying is idempotent.
  await db
    .insert(paymentEvents)
    .values({ websiteId: site.id, provider: 'stripe', eventId: event.id, type: event.type, objectId: String((event.data.object as { id?: string }).id ?? '') })
    .onConflictDoNothing();
  return result;
}

async function applyOnce(db: Db, site: Website, event: Stripe.Event): Promise<WebhookResult> {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const attempt = await attemptOf(db, site, event.data.object);
      if (!attempt) return 'ignored';
      await settlePaid(db, site, attempt.id, summaryOf(event.data.object));
      return 'applied';
    }
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const attempt = await attemptOf(db, site, event.data.object);
      if (!attempt) return 'ignored';
      const reason = event.data.object.last_payment_error?.message ?? event.data.object.cancellation_reason ?? event.type;
      await settleUnpaid(db, site.id, attempt.id, event.type === 'payment_intent.canceled' ? 'expired' : 'failed', `Payment failed: ${reason}`);
      return 'applied';
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const orderId = await orderOfCharge(db, site, charge);
      if (!orderId) return 'ignored';
      const status = charge.amount_refunded >= charge.amount ? 'refunded' : 'partially_refunded';
      await db
        .update(orders)
        .set({ paymentStatus: status })
        .where(and(eq(orders.websiteId, site.id), eq(orders.id, orderId), eq(orders.paymentStatus, 'paid')));
      if (status === 'refunded') {
        await db
          .update(orders)
          .set({ paymentStatus: status })
          .where(and(eq(orders.websiteId, site.id), eq(orders.id, orderId), eq(orders.paymentStatus, 'partially_refunded')));
      }
      return 'applied';
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const chargeId = typeof dispute.charge === 'string' ? dispute.charge : dispute.charge.id;
      const intentId = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
      const attempt = intentId ? await attemptOfIntent(db, site.id, 'stripe', intentId) : undefined;
      if (!attempt) return 'ignored';
      await db.transaction(async (tx) => {
        const moved = await tx
          .update(orders)
          .set({ paymentStatus: 'disputed' })
          .where(and(eq(orders.websiteId, site.id), eq(orders.id, attempt.orderId)))
          .returning({ id: orders.id });
        if (moved.length > 0) {
          await tx.insert(orderEvents).values({
            websiteId: site.id,
            orderId: attempt.orderId,
            kind: 'NOTE',
            message: `The customer disputed the payment (${dispute.reason}, charge ${chargeId}): answer it in Stripe.`,
            actor: null,
          });
        }
      });
      return 'applied';
    }
    default:
      return 'ignored';
  }
}

/**
 * Ends an attempt past its lifetime by asking Stripe where its intent stands: a payment that
 * succeeded is placed (a missed webhook), one still open is cancelled and its stock goes back.
 */
export async function expireAttempt(db: Db, site: Website, attempt: PaymentAttempt, stripe: StripePaymentProvider | undefined): Promise<'paid' | 'expired'> {
  let outcome: IntentOutcome | undefined;
  if (attempt.intentId && stripe) {
    outcome = await stripe.intent(attempt.intentId);
    if (outcome.status !== 'succeeded' && outcome.status !== 'failed' && outcome.status !== 'canceled') outcome = await stripe.cancelIntent(attempt.intentId);
  }
  if (outcome?.status === 'succeeded') {
    await settlePaid(db, site, attempt.id, outcome.summary);
    return 'paid';
  }
  await settleUnpaid(db, site.id, attempt.id, 'expired', 'The payment was not completed in time; the items went back in stock.');
  return 'expired';
}
