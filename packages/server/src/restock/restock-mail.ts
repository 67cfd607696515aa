import { escapeHtml } from '@emporium/template';
import type { NewMail } from '../outbox/index.js';

/** What a back-in-stock mail needs to know about the site. */
export interface RestockMailContext {
  siteTitle: string;
  /** Absolute base URL of the site, without a trailing slash. */
  baseUrl: string;
}

/** The back-in-stock mail for one sign-up; every owner- or visitor-supplied text is escaped in HTML. */
export function restockMail(context: RestockMailContext, websiteId: string, to: string, product: { title: string; path: string; sku: string }): NewMail {
  const name = product.title || 'An item';
  const url = `${context.baseUrl}${product.path}`;
  const subject = `${name} is back in stock`.replace(/[\r\n]+/g, ' ');
  const text = `Good news: ${name} is back in stock at ${context.siteTitle}.\n\n${url}\n`;
  const html =
    `<p>Good news: <strong>${escapeHtml(name)}</strong> is back in stock at ${escapeHtml(context.siteTitle)}.</p>` +
    `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;
  return { websiteId, kind: 'restock', to, subject, text, html };
}
