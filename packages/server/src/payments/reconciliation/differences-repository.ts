import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { orders } from '../../db/schema.js';
import { paymentDifferences, paymentReconciliationRuns, type ReconciliationTrigger } from '../../db/schema-payments.js';
import type { DbOrTx } from '../../db/types.js';
import type { FoundDifference } from './compare.js';

/** A stored difference. */
export type PaymentDifferenceRow = typeof paymentDifferences.$inferSelect;
/** A stored run. */
export type ReconciliationRunRow = typeof paymentReconciliationRuns.$inferSelect;

/** Starts a run of a site; resolves its id. */
export async function startRun(db: DbOrTx, websiteId: string, trigger: ReconciliationTrigger): Promise<string> {
  const [run] = await db.insert(paymentReconciliationRuns).values({ websiteId, trigger }).returning({ id: paymentReconciliationRuns.id });
  return run!.id;
}

/** Ends a run with its counts (and why it stopped early, when it did). */
export async function finishRun(
  db: DbOrTx,
  runId: string,
  counts: { ordersChecked: number; ordersUnchecked: number; differencesNew: number; differencesResolved: number; failure: string | null },
): Promise<void> {
  await db
    .update(paymentReconciliationRuns)
    .set({ ...counts, finishedAt: new Date() })
    .where(eq(paymentReconciliationRuns.id, runId));
}

const sameValues = (open: PaymentDifferenceRow, found: FoundDifference) =>
  open.ourValue === found.ourValue && open.providerValue === found.providerValue && open.paymentRef === found.paymentRef;

/**
 * Records what a run found for the orders it checked: a difference already open with the same
 * values stays as it is (written once), a new one is opened, one whose values changed is resolved
 * and opened again with the new values, and an open difference of a checked order that was not
 * found again is resolved. Orders the run did not check keep their differences. Two runs at once
 * open a difference once (the open key is unique), and only the run that opened it returns it.
 */
export async function recordDifferences(
  tx: DbOrTx,
  websiteId: string,
  runId: string,
  checkedOrderIds: readonly string[],
  found: readonly FoundDifference[],
): Promise<{ opened: PaymentDifferenceRow[]; resolved: number }> {
  if (checkedOrderIds.length === 0) return { opened: [], resolved: 0 };
  const open = await tx
    .select()
    .from(paymentDifferences)
    .where(and(eq(paymentDifferences.websiteId, websiteId), isNull(paymentDifferences.resolvedAt), inArray(paymentDifferences.orderId, [...checkedOrderIds])));
  const key = (d: { orderId: string; kind: string }) => `${d.orderId}:${d.kind}`;
  const foundByKey = new Map(found.map((d) => [key(d), d]));
  const stale = open.filter((d) => {
    const still = foundByKey.get(key(d));
    return !still || !sameValues(d, still);
  });
  let resolved = 0;
  if (stale.length > 0) {
    const ended = await tx
      .update(paymentDifferences)
      .set({ resolvedAt: new Date(), resolvedRunId: runId })
      .where(
        and(
          inArray(
            paymentDifferences.id,
            stale.map((d) => d.id),
          ),
          isNull(paymentDifferences.resolvedAt),
        ),
      )
      .returning({ id: paymentDifferences.id });
    resolved = ended.length;
  }
  const kept = new Set(open.filter((d) => !stale.includes(d)).map(key));
  const fresh = found.filter((d) => !kept.has(key(d)));
  if (fresh.length === 0) return { opened: [], resolved };
  const opened = await tx
    .insert(paymentDifferences)
    .values(fresh.map((d) => ({ ...d, websiteId, foundRunId: runId })))
    .onConflictDoNothing({ target: [paymentDifferences.websiteId, paymentDifferences.orderId, paymentDifferences.kind], where: sql`resolved_at IS NULL` })
    .returning();
  return { opened, resolved };
}

/** An open difference with the order's number, for the owner. */
export type OpenDifference = PaymentDifferenceRow & { orderNumber: number };

/** A site's open differences, newest first. */
export async function openDifferences(db: DbOrTx, websiteId: string, limit = 200): Promise<OpenDifference[]> {
  const rows = await db
    .select({ difference: paymentDifferences, orderNumber: orders.orderNumber })
    .from(paymentDifferences)
    .innerJoin(orders, and(eq(orders.websiteId, paymentDifferences.websiteId), eq(orders.id, paymentDifferences.orderId)))
    .where(and(eq(paymentDifferences.websiteId, websiteId), isNull(paymentDifferences.resolvedAt)))
    .orderBy(desc(paymentDifferences.foundAt), paymentDifferences.id)
    .limit(limit);
  return rows.map((row) => ({ ...row.difference, orderNumber: row.orderNumber }));
}

/** A site's latest finished run, or undefined. */
export async function latestRun(db: DbOrTx, websiteId: string): Promise<ReconciliationRunRow | undefined> {
  const [run] = await db
    .select()
    .from(paymentReconciliationRuns)
    .where(and(eq(paymentReconciliationRuns.websiteId, websiteId), sql`${paymentReconciliationRuns.finishedAt} IS NOT NULL`))
    .orderBy(desc(paymentReconciliationRuns.startedAt), desc(paymentReconciliationRuns.id))
    .limit(1);
  return run;
}

/** The numbers of a site's orders by id. */
export async function orderNumbersOf(db: DbOrTx, websiteId: string, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), inArray(orders.id, [...orderIds])));
  return new Map(rows.map((row) => [row.id, row.orderNumber]));
}
