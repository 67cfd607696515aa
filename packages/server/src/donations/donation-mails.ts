import { subscriptionManagePath } from '@emporium/commerce';
import { escapeHtml } from '@emporium/template';
import type { donations } from '../db/schema-donations.js';
import type { NewMail } from '../outbox/index.js';
import { absoluteUrl, type Website } from '../sites/index.js';
import { donationAmountText } from './donation-amount.js';

type DonationRow = typeof donations.$inferSelect;

/** Kind of the receipt mail in the outbox. */
export const DONATION_RECEIPT_KIND = 'donation-receipt';

/** What a receipt names beyond the donation: the site, its origin, the order and, for monthly gifts, the manage link's token. */
export interface ReceiptContext {
  site: Website;
  origin: string;
  orderNumber: number;
  thankYou: string;
  manageToken: string | null;
  paidAt: Date;
}

/** The donor's receipt: amount, date, reference, the owner's thank-you text and, when monthly, the manage link. */
export function donationReceiptMail(donation: DonationRow, ctx: ReceiptContext): NewMail {
  const locale = ctx.site.settings.locale;
  const amount = donationAmountText(donation.amountCents, donation.currency, donation.frequency, locale);
  const date = new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'long', timeZone: ctx.site.settings.timeZone || 'UTC' }).format(ctx.paidAt);
  const paragraphs = [
    `Thank you${donation.donorName ? `, ${donation.donorName}` : ''}, for your donation to ${ctx.site.title}.`,
    ...(ctx.thankYou ? [ctx.thankYou] : []),
    `Amount: ${amount}\nDate: ${date}\nReceipt: #${ctx.orderNumber}${donation.testMode ? '\nThis was a test donation: no money was taken.' : ''}`,
    ...(donation.frequency === 'monthly' ? ['Your donation will be charged again every month until you cancel it.'] : []),
  ];
  const link = ctx.manageToken ? absoluteUrl(ctx.origin, subscriptionManagePath(ctx.manageToken)) : null;
  const text = [...paragraphs, ...(link ? [`Manage your monthly donation: ${link}`] : [])].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link)}">Manage your monthly donation</a></p>`] : []),
  ].join('');
  return { websiteId: ctx.site.id, kind: DONATION_RECEIPT_KIND, to: donation.donorEmail, subject: `Your donation receipt from ${ctx.site.title}`, text, html };
}
