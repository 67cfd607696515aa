import { and, count, desc, eq, sql } from 'drizzle-orm';
import { formSubmissions } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';
import { toPage, type Page } from '../http/page-cursor.js';

/** A stored submission row. */
export type SubmissionRow = typeof formSubmissions.$inferSelect;

/** Submissions of one form, newest first (`limit` rows, all when omitted). */
export async function listSubmissions(db: DbOrTx, websiteId: string, formId: string, limit?: number): Promise<SubmissionRow[]> {
  const query = db
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.websiteId, websiteId), eq(formSubmissions.formId, formId)))
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id));
  return limit === undefined ? query : query.limit(limit);
}

/** One submission as the owner API shows it. */
export interface SubmissionItem {
  id: string;
  createdAt: string;
  data: Record<string, unknown>;
  pageFields: Record<string, unknown>;
}

const micros = sql<string>`(extract(epoch from ${formSubmissions.createdAt}) * 1000000)::bigint::text`;
const fromMicros = (value: string) => sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;

/**
 * One page of a form's submissions, newest first, after the keyset position `after`
 * ([created_at in microseconds, id], from the previous page's cursor). Only rows of this site
 * and form are read, whatever the cursor says.
 */
export async function listSubmissionPage(
  db: DbOrTx,
  websiteId: string,
  formId: string,
  after: string[] | undefined,
  limit: number,
): Promise<Page<SubmissionItem>> {
  const found = await db
    .select({ row: formSubmissions, position: micros })
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.websiteId, websiteId),
        eq(formSubmissions.formId, formId),
        after ? sql`(${formSubmissions.createdAt}, ${formSubmissions.id}) < (${fromMicros(after[0]!)}, ${after[1]})` : undefined,
      ),
    )
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
    .limit(limit + 1);
  return toPage(
    found,
    limit,
    ({ row }) => ({ id: row.id, createdAt: row.createdAt.toISOString(), data: row.data, pageFields: row.pageFields }),
    ({ row, position }) => [String(position), row.id],
  );
}

/** Number of submissions per form of a site. */
export async function submissionCounts(db: DbOrTx, websiteId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ formId: formSubmissions.formId, n: count() })
    .from(formSubmissions)
    .where(eq(formSubmissions.websiteId, websiteId))
    .groupBy(formSubmissions.formId);
  return new Map(rows.map((r) => [r.formId, Number(r.n)]));
}
