import { minorToDecimal } from '@emporium/commerce';
import type { DbOrTx } from '../db/types.js';
import { decodeCursor } from '../http/page-cursor.js';
import { csvLine } from '../csv/index.js';
import { listOrderPage, ORDER_CURSOR, type OrderListFilter, type OrderListItem } from './order-list-repository.js';

/** Columns of the orders CSV export. Amounts are decimals in the order's currency. */
export const ORDER_CSV_HEADER = [
  'Order number',
  'Placed at (UTC)',
  'Status',
  'Test mode',
  'Customer email',
  'Customer name',
  'Items',
  'Currency',
  'Total',
  'Refunded',
] as const;

/** Orders read per query while exporting. */
const BATCH = 500;

function orderCells(order: OrderListItem): unknown[] {
  return [
    order.orderNumber,
    order.createdAt,
    order.status,
    order.testMode ? 'yes' : 'no',
    order.customerEmail,
    order.customerName,
    order.itemCount,
    order.currency,
    minorToDecimal(order.grandTotalCents, order.currency),
    minorToDecimal(order.refundedCents, order.currency),
  ];
}

/**
 * The CSV lines of every order matching `filter`, newest first (a UTF-8 byte-order mark, the
 * header, then one line per order), read page by page so memory stays flat however many
 * orders the site has.
 */
export async function* orderCsvLines(db: DbOrTx, websiteId: string, filter: OrderListFilter): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(ORDER_CSV_HEADER)}`;
  let after: string[] | undefined;
  for (;;) {
    const page = await listOrderPage(db, websiteId, filter, after, BATCH);
    if (page.items.length > 0) yield page.items.map((order) => csvLine(orderCells(order))).join('');
    if (!page.hasNextPage || !page.nextPageCursor) return;
    after = decodeCursor(page.nextPageCursor, ORDER_CURSOR);
  }
}
