import { escapeHtml } from '@emporium/template';
import { fillHtml, fillText, mailVariantOptions, type MailLanguage, type MailSite } from '../mail-language/index.js';
import type { NewMail } from '../outbox/index.js';

/** What a back-in-stock mail needs to know about the site. */
export interface RestockMailContext {
  site: MailSite;
  /** Absolute base URL of the site, without a trailing slash. */
  baseUrl: string;
}

/**
 * The back-in-stock mail for one sign-up, in the sign-up's language (decision 0052): the
 * product's title as translated there, the options of the variant signed up for (names and
 * values as translated) and its page in that language; every owner- or visitor-supplied text is
 * escaped in HTML.
 */
export function restockMail(
  context: RestockMailContext,
  language: MailLanguage,
  to: string,
  product: { id: string; title: string; path: string; sku: string; attributes?: Readonly<Record<string, string>>; ordering?: readonly string[] },
): NewMail {
  const { texts, owner } = language;
  const name = owner.itemTitle(product.id, product.title) || texts.restockUnnamed;
  const url = `${context.baseUrl}${owner.path(product.path)}`;
  const options = mailVariantOptions(language, product.id, product.attributes, product.ordering);
  const subject = fillText(texts.restockSubject, { product: name }).replace(/[\r\n]+/g, ' ');
  const named = options ? fillText(texts.restockVariant, { product: name, options }) : name;
  const text = `${fillText(texts.restockBody, { product: named, site: owner.siteTitle })}\n\n${url}\n`;
  const strong = { html: `<strong>${escapeHtml(name)}</strong>` };
  const product_ = options ? { html: fillHtml(texts.restockVariant, { product: strong, options }) } : strong;
  const html =
    `<p>${fillHtml(texts.restockBody, { product: product_, site: owner.siteTitle })}</p>` + `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;
  return { websiteId: context.site.id, kind: 'restock', to, subject, text, html };
}
