import type { DbOrTx } from '../db/types.js';
import { csvLine } from '../csv/index.js';
import { decodeCursor, MICROS_PART, TEXT_PART } from '../http/page-cursor.js';
import { listCustomerPage, type CustomerSummary } from './customer-repository.js';

/** The columns of the customers' CSV export, in order. */
export const CUSTOMER_CSV_HEADER = ['Email', 'Name', 'Email verified', 'Language', 'Created', 'Last sign-in'] as const;

/** Accounts read per statement while the export streams. */
const BATCH = 100;

function customerCells(customer: CustomerSummary): unknown[] {
  return [customer.email, customer.displayName, customer.emailVerified ? 'yes' : 'no', customer.locale ?? '', customer.createdAt, customer.lastSignInAt ?? ''];
}

/**
 * The site's customer accounts as CSV lines (a byte-order mark first, so spreadsheets read UTF-8),
 * newest first, matching `search` (part of the email) when given: read a page at a time by the
 * list's own cursor, so an export of any size holds one page in memory.
 */
export async function* customerCsvLines(db: DbOrTx, websiteId: string, search: string | undefined): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(CUSTOMER_CSV_HEADER)}`;
  let after: string[] | undefined;
  for (;;) {
    const page = await listCustomerPage(db, websiteId, search, after, BATCH);
    if (page.items.length > 0) yield page.items.map((customer) => csvLine(customerCells(customer))).join('');
    if (!page.hasNextPage || !page.nextPageCursor) return;
    after = decodeCursor(page.nextPageCursor, [MICROS_PART, TEXT_PART]);
  }
}
