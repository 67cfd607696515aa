import { orderStatusPath } from '../../checkout/index.js';
import { searchableByVisitor } from './member-access.js';
import { PageType } from '../../spec/index.js';
import { DOWNLOAD_MESSAGES, orderDownloadLinks } from '../../downloads/index.js';
import { orderSummaryContext } from './order-context.js';
import { findOrder, searchItems } from '../queries.js';
import { ReceiptTexts, receiptStatus } from '../receipt-status.js';
import { CollectionType } from '../../spec/index.js';
import { collectionUrl, itemContext, plainText } from './item-context.js';
import { checkoutPayment } from './checkout-payment.js';
import type { BuiltPage, PageRequest } from './page-request.js';
import { contextMoney } from './product-context.js';

/** Longest search query honoured; longer ones are cut. */
export const MAX_SEARCH_QUERY = 200;
const SEARCH_LIMIT = 50;
const SNIPPET_LENGTH = 180;

/** Page type 100, HTTP 404. */
export function notFoundPage(): BuiltPage {
  return { status: 404, pageType: PageType.NOT_FOUND, templateName: 'not-found', title: 'Page not found', context: {} };
}

/** Page type 101, HTTP 500; `requestId` lets a visitor quote the failure. */
export function errorPage(requestId: string): BuiltPage {
  return { status: 500, pageType: PageType.ERROR, templateName: 'error', title: 'Something went wrong', context: { render: { requestId } } };
}

/** Page type 103, HTTP 403: the whole site is behind a password. */
export function lockScreenPage(): BuiltPage {
  return { status: 403, pageType: PageType.LOCK_SCREEN, templateName: 'lock-screen', title: 'Private site', context: {} };
}

function shopUrl(req: PageRequest): string {
  const shop = req.collections.find((c) => c.type === CollectionType.PRODUCTS && c.enabled);
  return shop ? collectionUrl(shop) : '/';
}

/** `/cart`, page type 200. The cart itself is added by the base context. */
export function cartPage(req: PageRequest): BuiltPage {
  return {
    status: 200,
    pageType: PageType.SHOW_CART,
    templateName: 'cart',
    title: 'Cart',
    context: { render: { shopUrl: shopUrl(req) } },
  };
}

/**
 * `/checkout`, page type 201: the shell the checkout island mounts in. On a site with Stripe the
 * island gets its public config and the page's policy allows Stripe.js.
 */
export async function checkoutPage(req: PageRequest): Promise<BuiltPage> {
  return {
    status: 200,
    pageType: PageType.CHECKOUT,
    templateName: 'checkout',
    title: 'Checkout',
    context: { render: { shopUrl: shopUrl(req) } },
    ...(await checkoutPayment(req)),
  };
}

/**
 * `/checkout/order-confirmed/{orderId}`, page type 202; an unknown order id is not found. What
 * it says of the receipt is what the outbox knows of the confirmation mail (sent or queued).
 */
export async function orderConfirmedPage(req: PageRequest, orderId: string): Promise<BuiltPage> {
  const found = await findOrder(req.db, req.site.id, orderId);
  if (!found) return notFoundPage();
  const { order } = found;
  const [downloads, receipt] = await Promise.all([orderDownloadLinks(req.db, req.site.id, order.id), receiptStatus(req.db, req.site.id, order.id)]);
  return {
    status: 200,
    pageType: PageType.ORDER_CONFIRMED,
    templateName: 'order-confirmed',
    title: 'Order confirmed',
    context: {
      order: {
        id: order.id,
        orderNumber: String(order.orderNumber),
        testMode: order.testMode,
        websiteId: order.websiteId,
        ...orderSummaryContext(found, req.site.settings.locale),
        ...(order.statusToken ? { statusUrl: orderStatusPath(order.id, order.statusToken) } : {}),
        ...(receipt ? { receiptStatus: receipt, receiptText: ReceiptTexts[receipt] } : {}),
        ...(downloads.length ? { downloads, downloadTerms: DOWNLOAD_MESSAGES.terms } : {}),
      },
    },
  };
}

function snippet(text: string, query: string): string {
  const plain = plainText(text);
  const word = query.toLowerCase().split(/\s+/).find(Boolean) ?? '';
  const at = word ? plain.toLowerCase().indexOf(word) : -1;
  const start = at > 60 ? at - 60 : 0;
  const cut = plain.slice(start, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${cut}${start + SNIPPET_LENGTH < plain.length ? '…' : ''}`;
}

/** The excerpt when it mentions the query's first word, else the body when that does, else the excerpt. */
function snippetSource(excerpt: string, body: string, query: string): string {
  const word = query.toLowerCase().split(/\s+/).find(Boolean) ?? '';
  if (!excerpt || (!plainText(excerpt).toLowerCase().includes(word) && plainText(body).toLowerCase().includes(word))) return body;
  return excerpt;
}

/** `/search?q=`, page type 102: items whose title, body or tags match, without those a member area keeps from this visitor. */
export async function searchPage(req: PageRequest): Promise<BuiltPage> {
  const query = (req.query.q ?? '').trim().slice(0, MAX_SEARCH_QUERY);
  const byId = new Map(req.collections.filter((c) => c.enabled).map((c) => [c.id, c]));
  const rows = query ? await searchItems(req.db, req.site.id, query, req.now, SEARCH_LIMIT) : [];
  const allowed = await searchableByVisitor(req, rows, byId);
  const items = rows.flatMap((row) => {
    const collection = byId.get(row.collectionId);
    if (!collection || !allowed.has(row.id)) return [];
    return [{ ...itemContext(row, collection), collectionTitle: collection.title, snippet: snippet(snippetSource(row.excerpt, row.body, query), query) }];
  });
  return {
    status: 200,
    pageType: PageType.SEARCH,
    templateName: 'search',
    title: query ? `Search: ${query}` : 'Search',
    context: { search: { query, count: items.length }, items },
  };
}
