import { formatMoney, money, type SubscriptionPlan } from '@emporium/commerce';
import type { OrderReceivedProps } from '@emporium/storefront';
import { findSubscriptionCart } from '../../cart/index.js';
import { COUNTRY_BY_CURRENCY } from '../../instalments/index.js';
import { confirmationPath, orderStatusPath } from '../../checkout/index.js';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../db/schema-payments.js';
import { findOrder } from '../queries.js';
import { CollectionType, PageType } from '../../spec/index.js';
import { cartContext } from './cart-context.js';
import { collectionUrl } from './item-context.js';
import { checkoutPayment } from './checkout-payment.js';
import { checkoutIslandProps } from './island-props.js';
import type { BuiltPage, PageRequest } from './page-request.js';
import { orderSummaryContext } from './order-context.js';
import { planContext } from './plan-context.js';
import { contextMoney } from './product-context.js';
import { notFoundPage } from './system-pages.js';

function shopUrl(req: PageRequest): string {
  const shop = req.collections.find((c) => c.type === CollectionType.PRODUCTS && c.enabled);
  return shop ? collectionUrl(shop) : '/';
}

/**
 * `/checkout/subscription?cartToken=…`, a page type 201 checkout for the one-entry subscription
 * cart the token names (this site only; a purchased, unknown or malformed token is not found).
 * The Checkout island gets the cart and the token and checks out through the subscription call.
 */
export async function subscriptionCheckoutPage(req: PageRequest): Promise<BuiltPage> {
  const found = await findSubscriptionCart(req.db, req.site, req.query.cartToken);
  if (!found) return notFoundPage();
  const cart = await cartContext(req.db, req.site, found.cartId, req.collections);
  if (!Array.isArray(cart.entries) || cart.entries.length === 0) return notFoundPage();
  const currency = req.site.settings.currency;
  const plan = planContext(found.plan, Number(cart.subtotalCents ?? 0), currency, req.site.settings.locale);
  const shop = shopUrl(req);
  const payment = await checkoutPayment(req);
  const islands = req.islandsEnabled
    ? {
        checkout: {
          ...checkoutIslandProps(cart, req.site, shop, COUNTRY_BY_CURRENCY[currency] ?? 'US', payment.stripe),
          subscription: { cartToken: String(req.query.cartToken), planText: plan.priceText, cyclesText: plan.cyclesText },
        },
      }
    : {};
  return {
    status: 200,
    pageType: PageType.CHECKOUT,
    templateName: 'checkout',
    title: 'Subscription checkout',
    context: { cart, subscription: plan, render: { shopUrl: shop, islands } },
    ...payment,
  };
}

/**
 * `/checkout/order-status/{orderId}?token=…`, page type 211: the order's status, lines, totals
 * and subscription plan, for whoever holds the link shown on the confirmation page. Another
 * site's order or a wrong token is not found.
 */
export async function orderStatusPage(req: PageRequest, orderId: string): Promise<BuiltPage> {
  const token = req.query.token;
  if (typeof token !== 'string' || token.length < 16) return notFoundPage();
  const found = await findOrder(req.db, req.site.id, orderId);
  if (!found || !found.order.statusToken || found.order.statusToken !== token) return notFoundPage();
  const { order } = found;
  const locale = req.site.settings.locale;
  return {
    status: 200,
    pageType: PageType.ORDER_STATUS,
    templateName: 'order-status',
    title: `Order #${order.orderNumber}`,
    context: {
      order: {
        id: order.id,
        orderNumber: String(order.orderNumber),
        status: order.status,
        statusText: order.status === 'PAID' ? 'Paid' : order.status === 'PAYMENT_FAILED' ? 'Payment failed' : order.status,
        placedOn: new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'long', timeZone: 'UTC' }).format(order.createdAt),
        testMode: order.testMode,
        grandTotalText: formatMoney(money(order.grandTotalCents, order.currency), locale),
        ...orderSummaryContext(found, locale),
      },
    },
  };
}

/** An order's stored payment status, read as one of {@link PAYMENT_STATUSES} (anything else is still pending). */
function paymentStatusOf(stored: string): PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(stored) ? (stored as PaymentStatus) : 'pending';
}

/**
 * `/checkout/order-received/{orderId}?token=…`, page type 207: where a payment that needed the
 * shopper (3-D Secure, a redirect-based method) or is still processing lands, Stripe's return
 * query (`payment_intent`, `payment_intent_client_secret`, `redirect_status`) included, which it
 * does not read: the OrderReceived island asks the server for the outcome. For whoever holds the
 * status token (another site's order or a wrong token is not found); never stored, never indexed.
 */
export async function orderReceivedPage(req: PageRequest, orderId: string): Promise<BuiltPage> {
  const token = req.query.token;
  if (typeof token !== 'string' || token.length < 16) return notFoundPage();
  const found = await findOrder(req.db, req.site.id, orderId);
  if (!found || !found.order.statusToken || found.order.statusToken !== token) return notFoundPage();
  const { order } = found;
  const statusUrl = orderStatusPath(order.id, token);
  const paymentStatus = paymentStatusOf(order.paymentStatus);
  return {
    status: 200,
    pageType: PageType.ORDER_RECEIVED,
    templateName: 'order-received',
    title: `Order #${order.orderNumber}`,
    private: true,
    context: {
      order: { id: order.id, orderNumber: String(order.orderNumber), testMode: order.testMode, paymentStatus, statusUrl },
      render: {
        islands: req.islandsEnabled
          ? {
              orderReceived: {
                orderId: order.id,
                token,
                paymentStatus,
                confirmationUrl: confirmationPath(order.id),
                statusUrl,
                checkoutUrl: '/checkout',
              } satisfies OrderReceivedProps,
            }
          : {},
      },
    },
  };
}
