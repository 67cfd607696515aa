import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { carts, orderItems, orders } from '../db/schema.js';
import { subscriptions } from '../db/schema-subscriptions.js';
import type { DbOrTx } from '../db/types.js';
import { normalSiteUserEmail, type SiteUserRow } from './site-user-repository.js';

/** Orders shown per page of the account area. */
export const ACCOUNT_ORDERS_PER_PAGE = 10;
/** Highest page number the account area accepts. */
export const ACCOUNT_ORDERS_MAX_PAGE = 1000;

/** Whose records: the account's id and, once confirmed, its address. */
export type AccountOwner = Pick<SiteUserRow, 'id' | 'websiteId' | 'email' | 'emailVerifiedAt'>;

/** Orders joined to the cart they were bought from (the cart names the account that bought it). */
const ordersWithCart = and(eq(carts.websiteId, orders.websiteId), eq(carts.id, orders.purchasedCartId));

/**
 * The rule that makes an order the account's: bought from a cart of the account; or, bought
 * without an account, to the account's confirmed address. An order bought by another account
 * never matches, whatever its address; an unconfirmed address matches nothing.
 */
function ownedBy(owner: AccountOwner): SQL {
  const byAccount = eq(carts.siteUserId, owner.id);
  if (!owner.emailVerifiedAt) return and(eq(orders.websiteId, owner.websiteId), byAccount)!;
  const byEmail = and(isNull(carts.siteUserId), sql`lower(btrim(${orders.customerEmail})) = ${normalSiteUserEmail(owner.email)}`);
  return and(eq(orders.websiteId, owner.websiteId), or(byAccount, byEmail))!;
}

/** An order as the account area lists it. Money in minor units of `currency`. */
export interface AccountOrder {
  id: string;
  orderNumber: number;
  createdAt: Date;
  status: string;
  paymentStatus: string;
  currency: string;
  grandTotalCents: number;
  statusToken: string | null;
}

const orderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  currency: orders.currency,
  grandTotalCents: orders.grandTotalCents,
  statusToken: orders.statusToken,
};

/** One page (1-based) of the account's orders, newest first, and whether an older page exists. */
export async function listAccountOrders(db: DbOrTx, owner: AccountOwner, page: number): Promise<{ orders: AccountOrder[]; hasNextPage: boolean }> {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .leftJoin(carts, ordersWithCart)
    .where(ownedBy(owner))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(ACCOUNT_ORDERS_PER_PAGE + 1)
    .offset((page - 1) * ACCOUNT_ORDERS_PER_PAGE);
  return { orders: rows.slice(0, ACCOUNT_ORDERS_PER_PAGE), hasNextPage: rows.length > ACCOUNT_ORDERS_PER_PAGE };
}

/** Every order of the account with its lines, newest first (for the data download). */
export async function allAccountOrders(db: DbOrTx, owner: AccountOwner) {
  const rows = await db
    .select({
      ...orderColumns,
      customerEmail: orders.customerEmail,
      shippingAddress: orders.shippingAddress,
      billingAddress: orders.billingAddress,
      subtotalCents: orders.subtotalCents,
      taxCents: orders.taxCents,
      shippingCents: orders.shippingCents,
      discountCents: orders.discountCents,
    })
    .from(orders)
    .leftJoin(carts, ordersWithCart)
    .where(ownedBy(owner))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
  const lines = rows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          and(
            eq(orderItems.websiteId, owner.websiteId),
            inArray(
              orderItems.orderId,
              rows.map((r) => r.id),
            ),
          ),
        )
    : [];
  return rows.map((row) => ({ ...row, lines: lines.filter((line) => line.orderId === row.id) }));
}

/** The subscriptions whose first order is the account's, newest first. */
export async function listAccountSubscriptions(db: DbOrTx, owner: AccountOwner) {
  return db
    .select({ subscription: subscriptions, firstOrderNumber: orders.orderNumber })
    .from(subscriptions)
    .innerJoin(orders, and(eq(orders.websiteId, subscriptions.websiteId), eq(orders.id, subscriptions.firstOrderId)))
    .leftJoin(carts, ordersWithCart)
    .where(ownedBy(owner))
    .orderBy(desc(subscriptions.createdAt));
}

/** True when the subscription's first order is the account's. */
export async function ownsSubscription(db: DbOrTx, owner: AccountOwner, subscriptionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(orders, and(eq(orders.websiteId, subscriptions.websiteId), eq(orders.id, subscriptions.firstOrderId)))
    .leftJoin(carts, ordersWithCart)
    .where(and(ownedBy(owner), eq(subscriptions.id, subscriptionId)));
  return row !== undefined;
}

/** The ids of every order of the account (the rule of {@link listAccountOrders}). */
export async function accountOrderIds(db: DbOrTx, owner: AccountOwner): Promise<string[]> {
  const rows = await db.select({ id: orders.id }).from(orders).leftJoin(carts, ordersWithCart).where(ownedBy(owner));
  return rows.map((row) => row.id);
}
