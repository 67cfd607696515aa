import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { donations, type DonationStatus } from '../db/schema-donations.js';
import { subscriptions } from '../db/schema-subscriptions.js';
import type { DbOrTx } from '../db/types.js';
import { MICROS_PART, TEXT_PART } from '../http/page-cursor.js';
import { donationAmountText } from './donation-amount.js';

/** Shape of the donation list's cursor: [created_at in microseconds, id]. */
export const DONATION_CURSOR = [MICROS_PART, TEXT_PART] as const;

const micros = sql<string>`(extract(epoch from ${donations.createdAt}) * 1000000)::bigint::text`;
const fromMicros = (value: string) => sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;

/** `limit + 1` of a site's donations, newest first, after the keyset position `after`, optionally in one status, with the subscription of monthly ones. */
export async function listDonationRows(db: DbOrTx, websiteId: string, status: DonationStatus | undefined, after: string[] | undefined, limit: number) {
  return db
    .select({
      ...getTableColumns(donations),
      position: micros,
      subscriptionState: subscriptions.state,
      cyclesBilled: subscriptions.cyclesBilled,
    })
    .from(donations)
    .leftJoin(subscriptions, and(eq(subscriptions.websiteId, donations.websiteId), eq(subscriptions.id, donations.subscriptionId)))
    .where(
      and(
        eq(donations.websiteId, websiteId),
        status ? eq(donations.status, status) : undefined,
        after ? sql`(${donations.createdAt}, ${donations.id}) < (${fromMicros(after[0]!)}, ${after[1]})` : undefined,
      ),
    )
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(limit + 1);
}

type ListedRow = Awaited<ReturnType<typeof listDonationRows>>[number];

/** One donation as the owner's list shows it. */
export function ownerDonationJson(row: ListedRow, locale: string) {
  return {
    id: row.id,
    status: row.status,
    frequency: row.frequency,
    amountCents: row.amountCents,
    currency: row.currency,
    amountText: donationAmountText(row.amountCents, row.currency, row.frequency, locale),
    donorEmail: row.donorEmail,
    donorName: row.donorName,
    message: row.message,
    testMode: row.testMode,
    orderId: row.orderId,
    subscription:
      row.subscriptionId && row.subscriptionState ? { id: row.subscriptionId, state: row.subscriptionState, cyclesBilled: row.cyclesBilled ?? 1 } : null,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
  };
}

/** A site's donation by id and receipt token (the contribution confirmed page's link), or undefined. */
export async function findDonationByReceipt(db: DbOrTx, websiteId: string, id: string, token: string) {
  const [row] = await db
    .select({ ...getTableColumns(donations), manageToken: subscriptions.manageToken })
    .from(donations)
    .leftJoin(subscriptions, and(eq(subscriptions.websiteId, donations.websiteId), eq(subscriptions.id, donations.subscriptionId)))
    .where(and(eq(donations.websiteId, websiteId), eq(donations.id, id)));
  return row && row.receiptToken === token ? row : undefined;
}
