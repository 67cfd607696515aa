import { formatMoney, money, subscriptionManagePath, subscriptionPriceText } from '@emporium/commerce';
import { escapeHtml } from '@emporium/template';
import type { subscriptions } from '../db/schema-subscriptions.js';
import type { NewMail } from '../outbox/index.js';
import { absoluteUrl, type Website } from '../sites/index.js';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Where mail links point: the site's canonical origin. */
export interface MailSite {
  site: Website;
  origin: string;
}

function manageUrl(where: MailSite, sub: SubscriptionRow): string {
  return absoluteUrl(where.origin, subscriptionManagePath(sub.manageToken));
}

function priceText(where: MailSite, sub: SubscriptionRow): string {
  return subscriptionPriceText(money(sub.amountCents, sub.currency), sub.plan, where.site.settings.locale);
}

function mail(where: MailSite, sub: SubscriptionRow, kind: string, subject: string, paragraphs: string[]): NewMail {
  const link = manageUrl(where, sub);
  const text = [...paragraphs, `Manage your subscription: ${link}`].join('\n\n');
  const html = `${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('')}<p><a href="${escapeHtml(link)}">Manage your subscription</a></p>`;
  return { websiteId: where.site.id, kind, to: sub.customerEmail, subject, text, html };
}

/** The confirmation of a paid renewal: its order number, lines, total and the plan. */
export function renewalPaidMail(where: MailSite, sub: SubscriptionRow, orderNumber: number, cycle: number): NewMail {
  const { site } = where;
  const lines = sub.lines.map((l) => `${l.quantity} x ${l.productName}${l.sku ? ` (${l.sku})` : ''}`).join('\n');
  const of = sub.plan.numBillingCycles > 0 ? ` (payment ${cycle} of ${sub.plan.numBillingCycles})` : '';
  return mail(where, sub, 'order-confirmation', `Your order #${orderNumber} from ${site.title}`, [
    `Thank you for your order #${orderNumber} at ${site.title}: your subscription renewed${of}.`,
    lines,
    `Total: ${formatMoney(money(sub.amountCents, sub.currency), site.settings.locale)}\nSubscription: ${priceText(where, sub)}`,
  ]);
}

/** A declined renewal that will be tried again on `retryAt`: the customer may update or cancel meanwhile. */
export function renewalDeclinedMail(where: MailSite, sub: SubscriptionRow, reason: string, retryAt: Date): NewMail {
  const { site } = where;
  const day = new Intl.DateTimeFormat(site.settings.locale.replace('_', '-'), { dateStyle: 'long', timeZone: 'UTC' }).format(retryAt);
  return mail(where, sub, 'subscription-payment-failed', `Your subscription payment at ${site.title} did not go through`, [
    `We could not take the payment of your subscription at ${site.title} (${priceText(where, sub)}): ${reason}`,
    `We will try again on ${day}. To keep your subscription, make sure your card can be charged, or manage your subscription below.`,
  ]);
}

/** A subscription that ended early: by its customer or owner, or after its last retry failed. */
export function cancelledMail(where: MailSite, sub: SubscriptionRow, why: 'dunning' | 'request'): NewMail {
  const { site } = where;
  const reason =
    why === 'dunning'
      ? `We could not take the payment of your subscription at ${site.title} after several tries, so it has been cancelled.`
      : `Your subscription at ${site.title} (${priceText(where, sub)}) has been cancelled.`;
  return mail(where, sub, 'subscription-cancelled', `Your subscription at ${site.title} is cancelled`, [reason, 'You will not be charged again.']);
}
