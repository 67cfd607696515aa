import type { DbOrTx } from '../db/types.js';
import { csvLine } from '../csv/index.js';
import { decodeCursor, MICROS_PART, TEXT_PART } from '../http/page-cursor.js';
import { listCustomerPage, type CustomerFilter, type CustomerListEntry } from './customer-repository.js';

/** The columns of the customers' CSV export, in order. */
export const CUSTOMER_CSV_HEADER = ['Email', 'Name', 'Email verified', 'Language', 'Created', 'Last sign-in', 'Tags'] as const;

/** Accounts read per statement while the export streams. */
const BATCH = 100;

function customerCells(customer: CustomerListEntry): unknown[] {
  return [
    customer.email,
    customer.displayName,
    customer.emailVerified ? 'yes' : 'no',
    customer.locale ?? '',
    customer.createdAt,
    customer.lastSignInAt ?? '',
    customer.tags.join(', '),
  ];
}

/**
 * The site's customer accounts as CSV lines (a byte-order mark first, so spreadsheets read UTF-8),
 * newest first, narrowed by the list's own `filter` (part of the email, a tag); tags are one cell,
 * joined by ", " (a tag holds no comma). Read a page at a time by the list's own cursor, so an
 * export of any size holds one page in memory.
 */
export async function* customerCsvLines(db: DbOrTx, websiteId: string, filter: CustomerFilter): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(CUSTOMER_CSV_HEADER)}`;
  let after: string[] | undefined;
  for (;;) {
    const page = await listCustomerPage(db, websiteId, filter, after, BATCH);
    if (page.items.length > 0) yield page.items.map((customer) => csvLine(customerCells(customer))).join('');
    if (!page.hasNextPage || !page.nextPageCursor) return;
    after = decodeCursor(page.nextPageCursor, [MICROS_PART, TEXT_PART]);
  }
}
