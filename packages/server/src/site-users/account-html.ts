import { formatMoney, money } from '@emporium/commerce';
import { escapeHtml } from '@emporium/template';
import { orderStatusPath } from '../checkout/index.js';
import type { subscriptions } from '../db/schema-subscriptions.js';
import { canTake, SUBSCRIPTION_STATE_TEXT } from '../subscriptions/index.js';
import type { AccountOrder } from './account-orders.js';
import type { AccountRecordTexts } from './account-record-texts.js';
import { at, form, t, type PageFrame } from './pages-html.js';

const e = escapeHtml;

/** What the account area says of each order status. */
export const ORDER_STATUS_TEXT: Readonly<Record<string, string>> = Object.freeze({
  PENDING: 'Awaiting payment',
  PAID: 'Paid',
  PAYMENT_FAILED: 'Payment failed',
  FULFILLED: 'Fulfilled',
  CANCELLED: 'Cancelled',
});

function day(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale.replace(/_/g, '-'), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** The account's orders: one page, newest first, each linking to its order status page (page type 211). */
export function ordersSection(frame: PageFrame, orders: AccountOrder[], page: number, hasNextPage: boolean): string {
  const locale = frame.language.code;
  if (orders.length === 0 && page === 1) return `<h2 id="orders">${e(t(frame, 'Your orders'))}</h2><p>${e(t(frame, 'You have no orders yet.'))}</p>`;
  const rows = orders
    .map((order) => {
      const number = `#${order.orderNumber}`;
      const label = order.statusToken ? `<a href="${e(at(frame, orderStatusPath(order.id, order.statusToken)))}">${e(number)}</a>` : e(number);
      const total = formatMoney(money(order.grandTotalCents, order.currency), locale);
      const status = t(frame, ORDER_STATUS_TEXT[order.status] ?? order.status);
      return `<tr><th scope="row">${label}</th><td>${e(day(order.createdAt, locale))}</td><td>${e(total)}</td><td data-status="${e(order.status)}">${e(status)}</td></tr>`;
    })
    .join('');
  const pager = [
    page > 1 ? `<a href="${e(at(frame, '/account'))}?page=${page - 1}#orders" rel="prev">${e(t(frame, 'Newer orders'))}</a>` : '',
    hasNextPage ? `<a href="${e(at(frame, '/account'))}?page=${page + 1}#orders" rel="next">${e(t(frame, 'Older orders'))}</a>` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    `<h2 id="orders">${e(t(frame, 'Your orders'))}</h2>` +
    `<table class="account-orders"><thead><tr>${['Order', 'Date', 'Total', 'Status'].map((h) => `<th scope="col">${e(t(frame, h))}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table>` +
    (pager ? `<nav aria-label="${e(t(frame, 'Order pages'))}"><p>${pager}</p></nav>` : '')
  );
}

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The account's subscriptions, each with a form per action its state allows (crumb and XSRF
 * token): its products (translated titles and options), plan, first order, state and next
 * payment, in the page's language.
 */
export function subscriptionsSection(
  frame: PageFrame,
  list: Array<{ subscription: SubscriptionRow; firstOrderNumber: number }>,
  xsrfToken: string,
  records: AccountRecordTexts,
): string {
  if (list.length === 0) return '';
  const locale = frame.language.code;
  const items = list
    .map(({ subscription, firstOrderNumber }) => {
      const products = subscription.lines
        .map((l) => {
          const options = records.optionsText(l.itemId, l.variantOptions);
          return `${l.quantity} × ${records.itemTitle(l.itemId, l.productName)}${options ? ` (${options})` : ''}`;
        })
        .join(', ');
      const price = records.planText(subscription.amountCents, subscription.currency, subscription.plan);
      const action = (name: 'pause' | 'resume' | 'cancel', label: string) =>
        canTake(name, subscription.state) ? form(frame, `/account/subscriptions/${subscription.id}/${name}`, '', label, { xsrfToken }) : '';
      const forms = action('pause', 'Pause') + action('resume', 'Resume') + action('cancel', 'Cancel');
      const due = subscription.state === 'active' ? subscription.nextBillingAt : null;
      const next = due ? ` ${e(t(frame, 'Next payment {date}.', { date: day(due, locale) }))}` : '';
      const from = t(frame, '(from order #{number})', { number: String(firstOrderNumber) });
      const state = t(frame, SUBSCRIPTION_STATE_TEXT[subscription.state]);
      return `<li class="account-subscription"><p><strong>${e(products)}</strong>: ${e(price)} ${e(from)}. <span data-state="${e(subscription.state)}">${e(state)}</span>.${next}</p>${forms}</li>`;
    })
    .join('');
  return `<h2 id="subscriptions">${e(t(frame, 'Your subscriptions'))}</h2><ul class="account-subscriptions">${items}</ul>`;
}
