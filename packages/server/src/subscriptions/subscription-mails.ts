import { subscriptionManagePath } from '@emporium/commerce';
import { escapeHtml } from '@emporium/template';
import type { subscriptions } from '../db/schema-subscriptions.js';
import type { DbOrTx } from '../db/types.js';
import { fillText, mailDate, mailMoney, mailPlanText, readMailLanguage, type MailLanguage } from '../mail-language/index.js';
import type { NewMail } from '../outbox/index.js';
import { absoluteUrl, type Website } from '../sites/index.js';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Where mail links point: the site's canonical origin. */
export interface MailSite {
  site: Website;
  origin: string;
}

/** The language of a subscription's mails (its first order's, decision 0052), with its products' translated titles. */
export function subscriptionMailLanguage(db: DbOrTx, site: Website, sub: SubscriptionRow): Promise<MailLanguage> {
  return readMailLanguage(
    db,
    site,
    sub.language,
    sub.lines.map((l) => l.itemId),
  );
}

function manageUrl(where: MailSite, sub: SubscriptionRow): string {
  return absoluteUrl(where.origin, subscriptionManagePath(sub.manageToken));
}

function priceText(language: MailLanguage, sub: SubscriptionRow): string {
  return mailPlanText(language, sub.amountCents, sub.currency, sub.plan);
}

function mail(where: MailSite, language: MailLanguage, sub: SubscriptionRow, kind: string, subject: string, paragraphs: string[]): NewMail {
  const link = manageUrl(where, sub);
  const manage = language.texts.manageSubscription;
  const text = [...paragraphs, fillText(language.texts.orderManage, { url: link })].join('\n\n');
  const html = `${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(manage)}</a></p>`;
  return { websiteId: where.site.id, kind, to: sub.customerEmail, subject, text, html };
}

/** The confirmation of a paid renewal: its order number, lines, total and the plan, in the subscription's language. */
export function renewalPaidMail(where: MailSite, language: MailLanguage, sub: SubscriptionRow, orderNumber: number, cycle: number): NewMail {
  const { texts, owner } = language;
  const site = owner.siteTitle;
  const lines = sub.lines.map((l) => `${l.quantity} x ${owner.itemTitle(l.itemId, l.productName)}${l.sku ? ` (${l.sku})` : ''}`).join('\n');
  const thanks =
    sub.plan.numBillingCycles > 0
      ? fillText(texts.renewedBodyOf, { number: orderNumber, site, cycle, cycles: sub.plan.numBillingCycles })
      : fillText(texts.renewedBody, { number: orderNumber, site });
  const total = fillText(texts.orderTotal, { total: mailMoney(language, sub.amountCents, sub.currency) });
  return mail(where, language, sub, 'order-confirmation', fillText(texts.orderSubject, { number: orderNumber, site }), [
    thanks,
    lines,
    `${total}\n${fillText(texts.orderSubscription, { plan: priceText(language, sub) })}`,
  ]);
}

/** A declined renewal that will be tried again on `retryAt`: the customer may update or cancel meanwhile. */
export function renewalDeclinedMail(where: MailSite, language: MailLanguage, sub: SubscriptionRow, reason: string, retryAt: Date): NewMail {
  const { texts, owner } = language;
  const site = owner.siteTitle;
  return mail(where, language, sub, 'subscription-payment-failed', fillText(texts.declinedSubject, { site }), [
    fillText(texts.declinedBody, { site, plan: priceText(language, sub), reason }),
    fillText(texts.declinedRetry, { date: mailDate(language, retryAt) }),
  ]);
}

/** A subscription that ended early: by its customer or owner, or after its last retry failed. */
export function cancelledMail(where: MailSite, language: MailLanguage, sub: SubscriptionRow, why: 'dunning' | 'request'): NewMail {
  const { texts, owner } = language;
  const site = owner.siteTitle;
  const reason = why === 'dunning' ? fillText(texts.cancelledDunning, { site }) : fillText(texts.cancelledRequest, { site, plan: priceText(language, sub) });
  return mail(where, language, sub, 'subscription-cancelled', fillText(texts.cancelledSubject, { site }), [reason, texts.cancelledNoCharge]);
}
