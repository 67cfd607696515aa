import type { SubscriptionPlan } from '@emporium/commerce';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createCart } from '../cart/index.js';
import { placeOrder } from '../checkout/index.js';
import { cartEntries, carts, variants } from '../db/index.js';
import { siteUsers } from '../db/schema-site-users.js';
import type { Db, DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import type { PaymentProvider } from '../payments/index.js';
import type { Website } from '../sites/index.js';
import { isFree, type MemberAreaRow } from './area-repository.js';
import { activeAreaIdsOf, grantMembership } from './membership-repository.js';
import { MemberAreaMessages } from './messages.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The plan a recurring area is sold with: its period, billed until cancelled. */
export function planOf(area: MemberAreaRow): SubscriptionPlan | undefined {
  if (area.billing !== 'recurring' || !area.periodValue || !area.periodUnit) return undefined;
  return { billingPeriod: { value: area.periodValue, unit: area.periodUnit }, numBillingCycles: 0 };
}

/**
 * Grants the memberships a site user's committed orders have paid for and that were not yet
 * granted: orders bought from the user's cart, paid, holding the paywall product of an area.
 * The grant is unique per order, so running this again (after a crash between the order's
 * commit and the grant, or from two requests at once) grants nothing twice. A recurring area's
 * membership follows the subscription its order started; the area's trial days move that
 * subscription's first renewal later. Returns how many were granted.
 */
export async function grantPaidMemberships(db: Db, websiteId: string, siteUserId: string, now: Date): Promise<number> {
  const due = (await db.execute(sql`
    SELECT DISTINCT ON (o.id) o.id AS "orderId", a.id AS "areaId", a.trial_days AS "trialDays", s.id AS "subscriptionId", o.created_at AS "placedAt"
    FROM orders o
    JOIN carts c ON c.website_id = o.website_id AND c.id = o.purchased_cart_id
    JOIN order_items oi ON oi.website_id = o.website_id AND oi.order_id = o.id
    JOIN member_areas a ON a.website_id = o.website_id AND a.product_item_id = oi.item_id
    LEFT JOIN subscriptions s ON s.website_id = o.website_id AND s.first_order_id = o.id
    WHERE o.website_id = ${websiteId} AND c.site_user_id = ${siteUserId}
      AND o.payment_status = 'paid' AND o.status <> 'PAYMENT_FAILED'
      AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.website_id = o.website_id AND m.order_id = o.id)
    ORDER BY o.id, a.id`)) as unknown as { rows: Array<{ orderId: string; areaId: string; trialDays: number; subscriptionId: string | null; placedAt: Date }> };
  let granted = 0;
  for (const row of due.rows) {
    const done = await db.transaction(async (tx) => {
      const fresh = await grantMembership(tx, {
        websiteId,
        areaId: row.areaId,
        siteUserId,
        source: 'order',
        orderId: row.orderId,
        subscriptionId: row.subscriptionId,
        startedAt: now,
      });
      if (fresh && row.subscriptionId && Number(row.trialDays) > 0) await delayFirstRenewal(tx, websiteId, row.subscriptionId, Number(row.trialDays));
      return fresh;
    });
    if (done) granted += 1;
  }
  return granted;
}

/** Moves an active subscription's schedule `days` later (the area's trial): its anchor and next billing date. */
async function delayFirstRenewal(tx: DbOrTx, websiteId: string, subscriptionId: string, days: number): Promise<void> {
  const interval = `${days * DAY_MS} milliseconds`;
  await tx.execute(sql`
    UPDATE subscriptions SET anchor_at = anchor_at + ${interval}::interval, next_billing_at = next_billing_at + ${interval}::interval, updated_at = now()
    WHERE website_id = ${websiteId} AND id = ${subscriptionId} AND state = 'active' AND cycles_billed = 1`);
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

/** The outcome of a join: the membership is granted (with the order that paid for it, when there is one). */
export interface JoinOutcome {
  orderId: string | null;
}

/**
 * Joins an area as a signed-in site user. A free area grants at once. A paid one is bought
 * through the store's own checkout: a one-line cart of the area's paywall product, owned by
 * the account (so the order shows in its account area), placed by `placeOrder` with the test
 * provider (and the area's plan when it recurs); the membership is granted from the committed
 * order by {@link grantPaidMemberships}.
 */
export async function joinArea(deps: JoinDeps, site: Website, area: MemberAreaRow, joiner: Joiner, cardNumber: string | undefined): Promise<JoinOutcome> {
  const { db } = deps;
  if ((await activeAreaIdsOf(db, site.id, joiner.id)).has(area.id)) throw new AppError('CONFLICT', MemberAreaMessages.ALREADY_MEMBER);
  if (isFree(area)) {
    await grantMembership(db, { websiteId: site.id, areaId: area.id, siteUserId: joiner.id, source: 'free', startedAt: deps.now });
    return { orderId: null };
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
  const result = await placeOrder(
    { db, providers: deps.providers, log: deps.log, origin: deps.origin },
    site,
    cart.id,
    {
      email: joiner.email,
      shippingAddress: null,
      billingAddress: null,
      shippingOptionId: null,
      couponCodes: null,
      giftCardCode: null,
      payment: { provider: 'test', details: { cardNumber: cardNumber ?? '' } },
    },
    // One key per join cart: two joins sent at once place one order, the other replays it.
    { key: `member-area-join-${cart.id}`, hash: cart.id },
    deps.now,
    plan ? { subscription: plan } : {},
  );
  await grantPaidMemberships(db, site.id, joiner.id, deps.now);
  return { orderId: result.body.order.id };
}
