import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { customerTags } from '../db/schema-customer-notes.js';
import type { DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { CUSTOMER_TAGS_MAX, CustomerNoteMessages } from './customer-notes-messages.js';

/** A tag as it is kept: trimmed, inner runs of white space made one space. */
export function normalTag(tag: string): string {
  return tag.trim().replace(/\s+/g, ' ');
}

/** A customer's tags, in the order they were added. */
export async function listCustomerTags(db: DbOrTx, websiteId: string, siteUserId: string): Promise<string[]> {
  const rows = await db
    .select({ tag: customerTags.tag })
    .from(customerTags)
    .where(and(eq(customerTags.websiteId, websiteId), eq(customerTags.siteUserId, siteUserId)))
    .orderBy(asc(customerTags.createdAt), asc(customerTags.id));
  return rows.map((r) => r.tag);
}

/** The tags of several customers of a site (one statement), by customer id. */
export async function tagsOfCustomers(db: DbOrTx, websiteId: string, siteUserIds: readonly string[]): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>();
  if (siteUserIds.length === 0) return byUser;
  const rows = await db
    .select({ siteUserId: customerTags.siteUserId, tag: customerTags.tag })
    .from(customerTags)
    .where(and(eq(customerTags.websiteId, websiteId), inArray(customerTags.siteUserId, [...siteUserIds])))
    .orderBy(asc(customerTags.createdAt), asc(customerTags.id));
  for (const row of rows) byUser.set(row.siteUserId, [...(byUser.get(row.siteUserId) ?? []), row.tag]);
  return byUser;
}

/**
 * Adds a tag to a customer the caller has locked (`lockCustomer`), so two owners tagging at
 * once cannot pass {@link CUSTOMER_TAGS_MAX}. The same tag in any case is refused (409), and
 * so is a 21st tag (409).
 */
export async function addCustomerTag(tx: DbOrTx, websiteId: string, siteUserId: string, tag: string): Promise<void> {
  const current = await listCustomerTags(tx, websiteId, siteUserId);
  const wanted = normalTag(tag);
  if (current.some((t) => t.toLowerCase() === wanted.toLowerCase())) throw new AppError('CONFLICT', CustomerNoteMessages.TAG_TAKEN);
  if (current.length >= CUSTOMER_TAGS_MAX) throw new AppError('CONFLICT', CustomerNoteMessages.TAGS_FULL);
  await tx.insert(customerTags).values({ websiteId, siteUserId, tag: wanted });
}

/** Removes a tag (any case) from a customer; false when the customer has no such tag. */
export async function removeCustomerTag(db: DbOrTx, websiteId: string, siteUserId: string, tag: string): Promise<boolean> {
  const deleted = await db
    .delete(customerTags)
    .where(
      and(eq(customerTags.websiteId, websiteId), eq(customerTags.siteUserId, siteUserId), sql`lower(${customerTags.tag}) = ${normalTag(tag).toLowerCase()}`),
    )
    .returning({ id: customerTags.id });
  return deleted.length > 0;
}

/** SQL that keeps the site users of `websiteId` carrying `tag` (any case), for the Customers list. */
export function taggedWith(websiteId: string, siteUserIdColumn: ReturnType<typeof sql>, tag: string) {
  return sql`EXISTS (SELECT 1 FROM customer_tags ct WHERE ct.website_id = ${websiteId} AND ct.site_user_id = ${siteUserIdColumn} AND lower(ct.tag) = ${normalTag(tag).toLowerCase()})`;
}
