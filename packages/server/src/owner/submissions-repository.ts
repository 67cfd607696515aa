import { and, count, desc, eq } from 'drizzle-orm';
import { formSubmissions } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';

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

/** Number of submissions per form of a site. */
export async function submissionCounts(db: DbOrTx, websiteId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ formId: formSubmissions.formId, n: count() })
    .from(formSubmissions)
    .where(eq(formSubmissions.websiteId, websiteId))
    .groupBy(formSubmissions.formId);
  return new Map(rows.map((r) => [r.formId, Number(r.n)]));
}
