import { and, count, desc, eq } from 'drizzle-orm';
import { customerNotes } from '../db/schema-customer-notes.js';
import { siteUsers } from '../db/schema-site-users.js';
import type { DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { CUSTOMER_NOTES_MAX, CustomerNoteMessages } from './customer-notes-messages.js';

/** An owner's note on a customer, as the dashboard shows it. */
export interface CustomerNote {
  id: string;
  body: string;
  authorEmail: string | null;
  createdAt: string;
}

const view = (row: typeof customerNotes.$inferSelect): CustomerNote => ({
  id: row.id,
  body: row.body,
  authorEmail: row.authorEmail,
  createdAt: row.createdAt.toISOString(),
});

/** Locks a site's account row for the rest of the transaction; false when the site has no such account. */
export async function lockCustomer(tx: DbOrTx, websiteId: string, siteUserId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: siteUsers.id })
    .from(siteUsers)
    .where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.id, siteUserId)))
    .for('update');
  return rows.length > 0;
}

/** A customer's notes, newest first (all of them: at most {@link CUSTOMER_NOTES_MAX}). */
export async function listCustomerNotes(db: DbOrTx, websiteId: string, siteUserId: string): Promise<CustomerNote[]> {
  const rows = await db
    .select()
    .from(customerNotes)
    .where(and(eq(customerNotes.websiteId, websiteId), eq(customerNotes.siteUserId, siteUserId)))
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id))
    .limit(CUSTOMER_NOTES_MAX);
  return rows.map(view);
}

/**
 * Adds a note to a customer the caller has locked ({@link lockCustomer}), so two owners
 * writing at once cannot pass {@link CUSTOMER_NOTES_MAX} (409 past it). Its time is the
 * database's (microseconds), so notes written one after the other keep their order.
 */
export async function addCustomerNote(
  tx: DbOrTx,
  note: { websiteId: string; siteUserId: string; body: string; authorOwnerId: string | null; authorEmail: string | null },
): Promise<CustomerNote> {
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(customerNotes)
    .where(and(eq(customerNotes.websiteId, note.websiteId), eq(customerNotes.siteUserId, note.siteUserId)));
  if (Number(n) >= CUSTOMER_NOTES_MAX) throw new AppError('CONFLICT', CustomerNoteMessages.NOTES_FULL);
  const [row] = await tx
    .insert(customerNotes)
    .values({
      websiteId: note.websiteId,
      siteUserId: note.siteUserId,
      body: note.body,
      authorOwnerId: note.authorOwnerId,
      authorEmail: note.authorEmail,
    })
    .returning();
  return view(row!);
}

/** Deletes one note of a customer; false when the customer has no such note. */
export async function deleteCustomerNote(db: DbOrTx, websiteId: string, siteUserId: string, noteId: string): Promise<boolean> {
  const deleted = await db
    .delete(customerNotes)
    .where(and(eq(customerNotes.websiteId, websiteId), eq(customerNotes.siteUserId, siteUserId), eq(customerNotes.id, noteId)))
    .returning({ id: customerNotes.id });
  return deleted.length > 0;
}
