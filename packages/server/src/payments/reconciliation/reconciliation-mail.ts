import { formatMoney, money } from '@emporium/commerce';
import { escapeHtml } from '@emporium/template';
import type { NewMail } from '../../outbox/index.js';
import type { PaymentDifferenceKind } from '../../db/schema-payments.js';

/** Mail kind of the owners' notice of new payment differences (read with billing:read). */
export const RECONCILIATION_MAIL_KIND = 'payment-reconciliation';

/** What the notice says of each kind of difference. */
export const DIFFERENCE_LABELS: Readonly<Record<PaymentDifferenceKind, string>> = Object.freeze({
  status: 'Payment state',
  amount: 'Amount received',
  refunds: 'Refunded in total',
  dispute: 'Dispute',
  missing: 'Payment not found at the provider',
});

/** A new difference as the mail lists it. */
export interface MailedDifference {
  orderNumber: number;
  kind: PaymentDifferenceKind;
  provider: string;
  currency: string;
  ourValue: string;
  providerValue: string;
}

function shown(kind: PaymentDifferenceKind, value: string, currency: string, locale: string): string {
  if ((kind === 'amount' || kind === 'refunds') && /^\d+$/.test(value)) return formatMoney(money(Number(value), currency), locale);
  return value.replace(/_/g, ' ');
}

/** One line per difference: order, what differs, our value and the provider's. */
export function differenceLine(d: MailedDifference, locale: string): string {
  return `Order #${d.orderNumber}: ${DIFFERENCE_LABELS[d.kind]}: ours ${shown(d.kind, d.ourValue, d.currency, locale)}, ${d.provider} ${shown(d.kind, d.providerValue, d.currency, locale)}`;
}

/**
 * The notice to one owner that a run found new differences between orders and their payment
 * provider, with a link to Settings → Payments. Nothing was changed: the owner decides.
 */
export function reconciliationMail(
  site: { websiteId: string; siteTitle: string; locale: string; settingsUrl: string },
  to: string,
  differences: readonly MailedDifference[],
): NewMail {
  const lines = differences.map((d) => differenceLine(d, site.locale));
  const count = differences.length === 1 ? '1 payment difference' : `${differences.length} payment differences`;
  const subject = `${count} found at ${site.siteTitle}`.replace(/[\r\n]+/g, ' ');
  const intro = `Comparing recent orders of ${site.siteTitle} with the payment provider found ${count}. Nothing was changed: check each in the provider's dashboard and on the order.`;
  const text = `${intro}\n\n${lines.map((line) => `- ${line}`).join('\n')}\n\nOpen Settings → Payments to see them:\n${site.settingsUrl}\n`;
  const html =
    `<p>${escapeHtml(intro)}</p><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` +
    `<p>Open Settings → Payments to see them:<br><a href="${escapeHtml(site.settingsUrl)}">${escapeHtml(site.settingsUrl)}</a></p>`;
  return { websiteId: site.websiteId, kind: RECONCILIATION_MAIL_KIND, to, subject, text, html };
}
