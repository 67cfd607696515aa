import { subscriptionManagePath } from '@emporium/commerce';
import { escapeHtml } from '@emporium/template';
import type { donations } from '../db/schema-donations.js';
import type { NewMail } from '../outbox/index.js';
import { absoluteUrl, type Website } from '../sites/index.js';
import { fillText, mailDate, mailMoney, type MailLanguage } from '../mail-language/index.js';

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

/** The donor's receipt in the donor's language: amount, date, reference, the owner's thank-you text and, when monthly, the manage link. */
export function donationReceiptMail(donation: DonationRow, language: MailLanguage, ctx: ReceiptContext): NewMail {
  const { texts, owner } = language;
  const site = owner.siteTitle;
  const money = mailMoney(language, donation.amountCents, donation.currency);
  const amount = donation.frequency === 'monthly' ? fillText(texts.perMonth, { amount: money }) : money;
  const date = mailDate(language, ctx.paidAt, ctx.site.settings.timeZone || 'UTC');
  const facts = [
    fillText(texts.donationAmount, { amount }),
    fillText(texts.donationDate, { date }),
    fillText(texts.donationReceipt, { number: ctx.orderNumber }),
    ...(donation.testMode ? [texts.donationTest] : []),
  ];
  const paragraphs = [
    donation.donorName ? fillText(texts.donationThanksNamed, { name: donation.donorName, site }) : fillText(texts.donationThanks, { site }),
    ...(ctx.thankYou ? [owner.donationText('thankYou', ctx.thankYou)] : []),
    facts.join('\n'),
    ...(donation.frequency === 'monthly' ? [texts.donationMonthly] : []),
  ];
  const link = ctx.manageToken ? absoluteUrl(ctx.origin, subscriptionManagePath(ctx.manageToken)) : null;
  const text = [...paragraphs, ...(link ? [fillText(texts.donationManageLink, { url: link })] : [])].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(texts.donationManage)}</a></p>`] : []),
  ].join('');
  return { websiteId: ctx.site.id, kind: DONATION_RECEIPT_KIND, to: donation.donorEmail, subject: fillText(texts.donationSubject, { site }), text, html };
}
