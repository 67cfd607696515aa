import type { SubscriptionPlan } from '@emporium/commerce';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createCart } from '../cart/index.js';
import { placeIntentOrder, placeOrder, type CheckoutInput } from '../checkout/index.js';
import { cartEntries, carts, variants } from '../db/index.js';
import { siteUsers } from '../db/schema-site-users.js';
import type { Db, DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { type PaymentProvider, StripeMessages, StripePaymentProvider } from '../payments/index.js';
import type { Website } from '../sites/index.js';
import { isFree, type MemberAreaRow } from './area-repository.js';
import { grantPaidMemberships } from './join-grants.js';
import { activeAreaIdsOf, grantMembership } from './membership-repository.js';
import { MemberAreaMessages } from './messages.js';

/** The plan a recurring area is sold with: its period, billed until cancelled. */
export function planOf(area: MemberAreaRow): SubscriptionPlan | undefined {
  if (area.billing !== 'recurring' || !area.periodValue || !area.periodUnit) return undefined;
  return { billingPeriod: { value: area.periodValue, unit: area.periodUnit }, numBillingCycles: 0 };
}

/**
 * The account's open join cart for a paywall product, made when there is none: one line of the
 * product, owned by the account. Joins of one account and product take turns (a transaction
 * lock), so two sent at once share one cart, and so one checkout key.
 */
async function joinCart(
  db: Db,
  websiteId: string,
  siteUserId: string,
  areaId: string,
  productItemId: string,
  variant: { id: string; sku: string; priceCents: number },
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`member-area-join|${websiteId}|${siteUserId}|${productItemId}`}))`);
    // A join that finished while this one waited: its order is paid (granted or about to be).
    if ((await activeAreaIdsOf(tx, websiteId, siteUserId)).has(areaId) || (await hasUngrantedPaidOrder(tx, websiteId, siteUserId, productItemId))) {
      throw new AppError('CONFLICT', MemberAreaMessages.ALREADY_MEMBER);
    }
    const [open] = await tx
      .select({ id: carts.id })
      .from(carts)
      .innerJoin(cartEntries, and(eq(cartEntries.websiteId, carts.websiteId), eq(cartEntries.cartId, carts.id)))
      .where(and(eq(carts.websiteId, websiteId), eq(carts.siteUserId, siteUserId), eq(carts.isPurchased, false), eq(cartEntries.itemId, productItemId)))
      .limit(1);
    if (open) return open;
    const created = await createCart(tx, websiteId);
    await tx
      .update(carts)
      .set({ siteUserId })
      .where(and(eq(carts.websiteId, websiteId), eq(carts.id, created.id)));
    await tx.insert(cartEntries).values({
      websiteId,
      cartId: created.id,
      itemId: productItemId,
      variantId: variant.id,
      sku: variant.sku,
      quantity: 1,
      purchasePriceCents: variant.priceCents,
    });
    return { id: created.id };
  });
}

/** True when a paid order of the account's carts holds the paywall product and no membership was granted for it yet. */
async function hasUngrantedPaidOrder(tx: DbOrTx, websiteId: string, siteUserId: string, productItemId: string): Promise<boolean> {
  const found = (await tx.execute(sql`
    SELECT 1 FROM orders o
    JOIN carts c ON c.website_id = o.website_id AND c.id = o.purchased_cart_id
    JOIN order_items oi ON oi.website_id = o.website_id AND oi.order_id = o.id AND oi.item_id = ${productItemId}
    WHERE o.website_id = ${websiteId} AND c.site_user_id = ${siteUserId} AND o.payment_status = 'paid' AND o.status <> 'PAYMENT_FAILED'
      AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.website_id = o.website_id AND m.order_id = o.id)
    LIMIT 1`)) as unknown as { rows: unknown[] };
  return found.rows.length > 0;
}

/** A signed-in site user of the site: id and email. */
export interface Joiner {
  id: string;
  email: string;
}

/** The account behind a site-user id of the site. */
export async function findJoiner(db: DbOrTx, websiteId: string, siteUserId: string): Promise<Joiner | undefined> {
  const [row] = await db
    .select({ id: siteUsers.id, email: siteUsers.email })
    .from(siteUsers)
    .where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.id, siteUserId)));
  return row;
}

/** What joining needs besides the database. */
export interface JoinDeps {
  db: Db;
  providers: ReadonlyMap<string, PaymentProvider>;
  log: FastifyBaseLogger;
  origin: string;
  now: Date;
}

/** How a paid area is paid: the test card, or a PaymentMethod made by Stripe's Payment Element. */
export type JoinPayment = { provider: 'test'; cardNumber: string } | { provider: 'stripe'; paymentMethod: string };

/**
 * The outcome of a join: `granted` (the membership is held, with the order that paid for it when
 * there is one), or, for a Stripe payment still open, `requires_action` (3-D Secure: Stripe.js
 * finishes it with the client secret, then the join is sent again) or `processing`; either is
 * granted as soon as the order is paid, by the webhook or by the next join.
 */
export type JoinOutcome =
  | { status: 'granted'; orderId: string | null }
  | { status: 'requires_action'; orderId: string; clientSecret: string }
  | { status: 'processing'; orderId: string };

/**
 * Joins an area as a signed-in site user. A free area grants at once. A paid one is bought
 * through the store's own checkout: a one-line cart of the area's paywall product, owned by the
 * account (so the order shows in its account area). With the test card, or with Stripe for a
 * recurring area (a subscription on the kept card; 3-D Secure is refused, as for every Stripe
 * subscription), `placeOrder` places it with the area's plan and trial; with Stripe for a
 * one-time area, the checkout's PaymentIntent attempt does (3-D Secure finishes in the browser).
 * The membership is granted in the transaction that marks the order paid (checkout's
 * order-completed listener, {@link grantOrderMemberships}), and healed here afterwards.
 */
export async function joinArea(deps: JoinDeps, site: Website, area: MemberAreaRow, joiner: Joiner, pay: JoinPayment): Promise<JoinOutcome> {
  const { db } = deps;
  if ((await activeAreaIdsOf(db, site.id, joiner.id, deps.now)).has(area.id)) throw new AppError('CONFLICT', MemberAreaMessages.ALREADY_MEMBER);
  if (isFree(area)) {
    await grantMembership(db, { websiteId: site.id, areaId: area.id, siteUserId: joiner.id, source: 'free', startedAt: deps.now });
    return { status: 'granted', orderId: null };
  }
  if (!area.productItemId) throw new AppError('CONFLICT', MemberAreaMessages.NOT_FOR_SALE);
  const [variant] = await db
    .select({ id: variants.id, sku: variants.sku, priceCents: variants.priceCents })
    .from(variants)
    .where(and(eq(variants.websiteId, site.id), eq(variants.productId, area.productItemId)))
    .orderBy(asc(variants.displayIndex), asc(variants.id))
    .limit(1);
  if (!variant) throw new AppError('CONFLICT', MemberAreaMessages.NOT_FOR_SALE);
  const cart = await joinCart(db, site.id, joiner.id, area.id, area.productItemId, variant);
  const plan = planOf(area);
  const input: CheckoutInput = {
    email: joiner.email,
    shippingAddress: null,
    billingAddress: null,
    shippingOptionId: null,
    couponCodes: null,
    giftCardCode: null,
    payment:
      pay.provider === 'stripe'
        ? { provider: 'stripe', details: { paymentMethod: pay.paymentMethod } }
        : { provider: 'test', details: { cardNumber: pay.cardNumber } },
  };
  if (pay.provider === 'stripe' && !plan) {
    const stripe = deps.providers.get('stripe');
    if (!(stripe instanceof StripePaymentProvider)) throw new AppError('VALIDATION_FAILED', StripeMessages.NOT_CONNECTED);
    // One attempt per join cart: a second join sent at once reaches the same PaymentIntent (or waits).
    const answer = await placeIntentOrder({ db, stripe, log: deps.log, origin: deps.origin }, site, cart.id, input, deps.now);
    const orderId = answer.order.id;
    if (answer.payment.status === 'requires_action') return { status: 'requires_action', orderId, clientSecret: answer.payment.clientSecret ?? '' };
    if (answer.payment.status === 'processing') return { status: 'processing', orderId };
    await grantPaidMemberships(db, site.id, joiner.id, deps.now);
    return { status: 'granted', orderId };
  }
  const result = await placeOrder(
    { db, providers: deps.providers, log: deps.log, origin: deps.origin },
    site,
    cart.id,
    input,
    // One key per join cart: two joins sent at once place one order, the other replays it.
    { key: `member-area-join-${cart.id}`, hash: cart.id },
    deps.now,
    plan ? { subscription: plan, trialDays: area.trialDays } : {},
  );
  await grantPaidMemberships(db, site.id, joiner.id, deps.now);
  return { status: 'granted', orderId: result.body.order.id };
}
export { grantPaidMemberships } from './join-grants.js';
