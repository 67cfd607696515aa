import { randomBytes } from 'node:crypto';
import { nextBillingDate, ProductType, subscriptionManagePath, type SubscriptionPlan } from '@emporium/commerce';
import { and, eq, sql } from 'drizzle-orm';
import type { PricedCart } from '../cart/index.js';
import { carts, orderCheckoutDetails, orderItems, orders, outbox } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';
import { subscriptions } from '../db/schema-subscriptions.js';
import type { SavedPaymentMethod } from '../payments/index.js';
import { DOWNLOAD_DAYS, type DownloadLink, grantOrderDownloads, MAX_DOWNLOADS } from '../downloads/index.js';
import { fillText, mailMoney, mailPlanText, mailTrialText, mailVariantOptions, readMailLanguage, type MailLanguage } from '../mail-language/index.js';
import { absoluteUrl, type Website } from '../sites/index.js';
import type { CheckoutInput } from './checkout-input.js';
import { issueGiftCards } from './gift-cards.js';
import { orderCompleted } from './order-completed.js';
import { orderedVariantOptions } from './variant-options.js';

/** Hands out the next order number of a site (starting after any existing orders). */
export async function nextOrderNumber(db: DbOrTx, websiteId: string): Promise<number> {
  const result = (await db.execute(sql`
    INSERT INTO order_counters (website_id, last_number)
    SELECT ${websiteId}, coalesce(max(order_number), 0) + 1 FROM orders WHERE website_id = ${websiteId}
    ON CONFLICT (website_id) DO UPDATE SET last_number = order_counters.last_number + 1
    RETURNING last_number`)) as unknown as { rows: Array<{ last_number: number | string }> };
  return Number(result.rows[0]!.last_number);
}

/** Everything the order row and its details record. */
export interface OrderRecord {
  orderId: string;
  site: Website;
  priced: PricedCart;
  input: CheckoutInput;
  testMode: boolean;
  giftCard: { id: string; code: string; amountCents: number } | null;
  payment: Record<string, unknown>;
  /** The plan when the cart was a subscription cart. */
  subscription?: SubscriptionPlan | null;
  /**
   * A free trial of the subscription: nothing is charged now (the order's total is 0), and its
   * first charge, `amountCents`, is the first renewal at `endsAt` (ISO time).
   */
  trial?: { days: number; endsAt: string; amountCents: number } | null;
  /** The payment method the provider kept for the subscription's renewals. */
  savedMethod?: SavedPaymentMethod;
  /** Secret of the order's status page link. */
  statusToken: string;
  /** Origin of the links in the confirmation mail (`https://shop.example`); site paths when absent. */
  origin?: string;
  /** When the order is placed (download links expire counting from it). */
  now?: Date;
  /** The visitor's language (decision 0052): the order's mails are written in it; null when unknown (the primary language). */
  language?: string | null;
}

/** What {@link writeOrder} hands back. */
export interface WrittenOrder {
  orderNumber: number;
  /** Download links of the order's digital lines. */
  downloads: DownloadLink[];
}

/** The confirmation mail's text in the order's language: lines with translated titles and option values, total, plan, gift cards and downloads. */
function confirmationText(
  record: OrderRecord,
  language: MailLanguage,
  orderNumber: number,
  cards: Array<{ code: string; amountCents: number }>,
  downloads: DownloadLink[],
  manageToken: string | null,
): string {
  const { priced } = record;
  const { texts, owner } = language;
  const lines = priced.lines.map((l) => {
    const options = mailVariantOptions(language, l.entry.itemId, l.variant.attributes, l.product.variantOptionOrdering);
    return `${l.entry.quantity} x ${owner.itemTitle(l.entry.itemId, l.product.title)}${options ? `, ${options}` : ''} (${l.variant.sku})`;
  });
  const total = mailMoney(language, priced.grandTotalCents, priced.currency);
  const giftLines = cards.map((c) => fillText(texts.orderGiftCard, { code: c.code, amount: mailMoney(language, c.amountCents, priced.currency) }));
  const plan = record.subscription ? [fillText(texts.orderSubscription, { plan: planLine(record, language, record.subscription) })] : [];
  if (manageToken)
    plan.push(
      fillText(texts.orderManage, {
        url: record.origin ? absoluteUrl(record.origin, subscriptionManagePath(manageToken)) : subscriptionManagePath(manageToken),
      }),
    );
  const titles = new Map(priced.lines.map((l) => [l.product.title, owner.itemTitle(l.entry.itemId, l.product.title)]));
  const downloadLines = downloads.map(
    (d) => `${titles.get(d.productName) ?? d.productName} (${d.fileName}): ${record.origin ? absoluteUrl(record.origin, d.url) : d.url}`,
  );
  const terms = fillText(texts.downloadTerms, { times: MAX_DOWNLOADS, days: DOWNLOAD_DAYS });
  return [
    fillText(texts.orderThanks, { number: orderNumber, site: owner.siteTitle }),
    '',
    ...lines,
    '',
    fillText(texts.orderTotal, { total }),
    ...plan,
    ...(giftLines.length ? ['', ...giftLines] : []),
    ...(downloadLines.length ? ['', texts.orderDownloads, ...downloadLines, terms] : []),
  ].join('\n');
}

/** The plan as the receipt writes it; with a free trial, when the trial ends and what is charged from then. */
function planLine(record: OrderRecord, language: MailLanguage, plan: SubscriptionPlan): string {
  const { priced, trial } = record;
  if (!trial) return mailPlanText(language, priced.grandTotalCents, priced.currency, plan);
  return mailTrialText(language, trial.days, mailPlanText(language, trial.amountCents, priced.currency, plan), new Date(trial.endsAt));
}

/**
 * Writes a placed order inside the checkout transaction: order number, order row (paid), its
 * lines (with the options of their variants), gift cards bought, download links of digital
 * lines, the confirmation mail in the outbox (with those links), the checkout details (naming
 * that mail), and marks the cart purchased. Stock, coupons and the gift card payment are taken by the caller first.
 */
export async function writeOrder(tx: DbOrTx, record: OrderRecord): Promise<WrittenOrder> {
  const orderNumber = await insertOrder(tx, record, 'PAID');
  return completeOrder(tx, record, orderNumber);
}

/**
 * Writes the order row, its lines and its checkout details: `PAID` when the payment is already
 * taken, `PENDING` (payment pending) while the provider has not said yet. A pending order has
 * no gift cards, downloads, subscription or mail until {@link completeOrder} runs on payment.
 */
export async function insertOrder(tx: DbOrTx, record: OrderRecord, status: 'PAID' | 'PENDING'): Promise<number> {
  const { site, priced, input, orderId } = record;
  const orderNumber = await nextOrderNumber(tx, site.id);
  await tx.insert(orders).values({
    id: orderId,
    websiteId: site.id,
    orderNumber,
    purchasedCartId: priced.cart!.id,
    testMode: record.testMode,
    status,
    paymentStatus: status === 'PAID' ? 'paid' : 'pending',
    customerEmail: input.email,
    shippingAddress: priced.requiresShipping && input.shippingAddress ? { ...input.shippingAddress } : null,
    billingAddress: input.billingAddress ? { ...input.billingAddress } : null,
    currency: priced.currency,
    subtotalCents: priced.subtotalCents,
    taxCents: priced.taxCents,
    shippingCents: priced.shippingCostCents,
    discountCents: priced.discountCents,
    grandTotalCents: priced.grandTotalCents,
    subscription: record.subscription
      ? { billingPeriod: { ...record.subscription.billingPeriod }, numBillingCycles: record.subscription.numBillingCycles }
      : null,
    statusToken: record.statusToken,
    language: record.language ?? null,
  });
  await tx.insert(orderItems).values(
    priced.lines.map((l) => ({
      websiteId: site.id,
      orderId,
      itemId: l.entry.itemId,
      variantId: l.variant.id,
      sku: l.variant.sku,
      productName: l.product.title,
      quantity: l.entry.quantity,
      unitPriceCents: l.unitPriceCents,
      additionalFields: l.entry.additionalFields ?? null,
      variantOptions: orderedVariantOptions(l.variant.attributes, l.product.variantOptionOrdering),
    })),
  );
  await tx.insert(orderCheckoutDetails).values({
    websiteId: site.id,
    orderId,
    coupons: priced.couponResult.valid,
    shippingOption: priced.selectedShippingOption
      ? { id: priced.selectedShippingOption.id, name: priced.selectedShippingOption.name, costCents: priced.shippingCostCents }
      : null,
    taxLines: priced.taxLines,
    giftCardCode: record.giftCard?.code ?? null,
    giftCardCents: record.giftCard?.amountCents ?? 0,
    payment: record.payment,
    receiptMailId: null,
  });
  return orderNumber;
}

/**
 * What follows a taken payment, in the transaction that records it: gift cards bought,
 * download links, the subscription, the confirmation mail (named in the checkout details) and
 * the cart marked purchased. A pending order is marked paid here.
 */
export async function completeOrder(tx: DbOrTx, record: OrderRecord, orderNumber: number): Promise<WrittenOrder> {
  const { site, priced, input, orderId } = record;
  const giftCardAmounts = priced.lines
    .filter((l) => l.product.productType === ProductType.GIFT_CARD)
    .flatMap((l) => Array.from({ length: l.entry.quantity }, () => l.unitPriceCents));
  const cards = await issueGiftCards(tx, site.id, orderId, priced.currency, giftCardAmounts);
  const downloads = await grantOrderDownloads(tx, site.id, orderId, record.now ?? new Date());
  const manageToken = await startSubscription(tx, record);
  const itemIds = priced.lines.map((l) => l.entry.itemId);
  const language = await readMailLanguage(tx, site, record.language, itemIds);
  const [receipt] = await tx
    .insert(outbox)
    .values({
      websiteId: site.id,
      kind: 'order-confirmation',
      toAddress: input.email,
      subject: fillText(language.texts.orderSubject, { number: orderNumber, site: language.owner.siteTitle }),
      textBody: confirmationText(record, language, orderNumber, cards, downloads, manageToken),
    })
    .returning({ id: outbox.id });
  await tx
    .update(orderCheckoutDetails)
    .set({ receiptMailId: receipt?.id ?? null, payment: record.payment })
    .where(and(eq(orderCheckoutDetails.websiteId, site.id), eq(orderCheckoutDetails.orderId, orderId)));
  await tx
    .update(orders)
    .set({ status: 'PAID', paymentStatus: 'paid' })
    .where(and(eq(orders.websiteId, site.id), eq(orders.id, orderId), eq(orders.status, 'PENDING')));
  await tx
    .update(carts)
    .set({ isPurchased: true, orderId, updatedAt: sql`now()` })
    .where(and(eq(carts.websiteId, site.id), eq(carts.id, priced.cart!.id)));
  await orderCompleted(tx, { websiteId: site.id, orderId, cartId: priced.cart!.id, placedAt: record.now ?? new Date() });
  return { orderNumber, downloads };
}

/**
 * Starts the subscription of a subscription cart's order (when the provider kept its payment
 * method): its first cycle is this order; the next is due one billing period after it; a plan
 * of one cycle is completed at once. With a free trial nothing was billed yet: the first cycle
 * is due when the trial ends, and the renewals bill it. Returns the manage token, or null without a subscription.
 */
async function startSubscription(tx: DbOrTx, record: OrderRecord): Promise<string | null> {
  const plan = record.subscription;
  if (!plan || !record.savedMethod) return null;
  const placedAt = record.now ?? new Date();
  // A free trial bills nothing now: its first cycle is due when the trial ends.
  const trial = record.trial ?? null;
  const firstDue = trial ? new Date(trial.endsAt) : null;
  const completed = !trial && plan.numBillingCycles === 1;
  const manageToken = randomBytes(24).toString('base64url');
  const { billingPeriod, numBillingCycles } = plan;
  await tx.insert(subscriptions).values({
    websiteId: record.site.id,
    firstOrderId: record.orderId,
    customerEmail: record.input.email,
    plan: { billingPeriod: { ...billingPeriod }, numBillingCycles },
    currency: record.priced.currency,
    amountCents: trial ? trial.amountCents : record.priced.grandTotalCents,
    lines: record.priced.lines.map((l) => ({
      itemId: l.entry.itemId,
      variantId: l.variant.id,
      sku: l.variant.sku,
      productName: l.product.title,
      quantity: l.entry.quantity,
      unitPriceCents: l.unitPriceCents,
      variantOptions: orderedVariantOptions(l.variant.attributes, l.product.variantOptionOrdering),
    })),
    paymentMethod: { ...record.savedMethod, summary: { ...record.savedMethod.summary } },
    state: completed ? 'completed' : 'active',
    cyclesBilled: trial ? 0 : 1,
    anchorAt: firstDue ?? placedAt,
    anchorCycle: 1,
    nextBillingAt: firstDue ?? (completed ? null : nextBillingDate(placedAt, billingPeriod)),
    manageToken,
    endedAt: completed ? placedAt : null,
    language: record.language ?? null,
  });
  return manageToken;
}
