import { and, eq } from 'drizzle-orm';
import { commercePreferences, type DbOrTx } from '../db/index.js';

/** A namespace's preferences without `websiteId`, which is never stored nor answered. */
export function withoutWebsiteId(value: Record<string, unknown>): Record<string, unknown> {
  const { websiteId: _dropped, ...rest } = value;
  return rest;
}

/** A site's preferences of one namespace (an empty object when none are stored). */
export async function readPreferences(db: DbOrTx, websiteId: string, namespace: string): Promise<Record<string, unknown>> {
  const rows = await db
    .select({ value: commercePreferences.value })
    .from(commercePreferences)
    .where(and(eq(commercePreferences.websiteId, websiteId), eq(commercePreferences.namespace, namespace)))
    .limit(1);
  return withoutWebsiteId(rows[0]?.value ?? {});
}

/** Stores a site's preferences of one namespace whole (one upsert; the row's trigger bumps the site's page version). */
export async function writePreferences(tx: DbOrTx, websiteId: string, namespace: string, value: Record<string, unknown>): Promise<void> {
  await tx
    .insert(commercePreferences)
    .values({ websiteId, namespace, value })
    .onConflictDoUpdate({ target: [commercePreferences.websiteId, commercePreferences.namespace], set: { value, updatedAt: new Date() } });
}
