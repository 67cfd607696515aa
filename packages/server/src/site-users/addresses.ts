import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { readAddress, type AddressFields, type PostalAddress } from '../checkout/index.js';
import { siteUserAddresses } from '../db/schema-site-users.js';
import type { Db, DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';

/** Most addresses one account may keep. */
export const MAX_SAVED_ADDRESSES = 20;

/** Texts of the saved addresses. */
export const AddressMessages = Object.freeze({
  NOT_FOUND: 'This address is not one of yours.',
  TOO_MANY: `You can keep at most ${MAX_SAVED_ADDRESSES} addresses. Delete one first.`,
  SAVED: 'Your address is saved.',
  DELETED: 'The address is deleted.',
});

/** A saved address as the account area and checkout show it. */
export interface SavedAddress {
  id: string;
  address: PostalAddress;
  isDefault: boolean;
}

type Row = typeof siteUserAddresses.$inferSelect;

function toSaved(row: Row): SavedAddress {
  const stored = row.address;
  return {
    id: row.id,
    isDefault: row.isDefault,
    address: {
      firstName: stored.firstName ?? '',
      lastName: stored.lastName ?? '',
      address1: stored.address1 ?? '',
      address2: stored.address2 ?? '',
      city: stored.city ?? '',
      region: stored.region ?? '',
      postalCode: stored.postalCode ?? '',
      country: stored.country ?? '',
      phone: stored.phone ?? '',
    },
  };
}

const ofUser = (websiteId: string, siteUserId: string) => and(eq(siteUserAddresses.websiteId, websiteId), eq(siteUserAddresses.siteUserId, siteUserId));

/** The account's addresses, the default first, then oldest first. */
export async function listAddresses(db: DbOrTx, websiteId: string, siteUserId: string): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(siteUserAddresses)
    .where(ofUser(websiteId, siteUserId))
    .orderBy(desc(siteUserAddresses.isDefault), asc(siteUserAddresses.createdAt), asc(siteUserAddresses.id));
  return rows.map(toSaved);
}

/** One of the account's addresses; 404 for any other. */
export async function findAddress(db: DbOrTx, websiteId: string, siteUserId: string, id: string): Promise<SavedAddress> {
  const [row] = await db
    .select()
    .from(siteUserAddresses)
    .where(and(ofUser(websiteId, siteUserId), eq(siteUserAddresses.id, id)));
  if (!row) throw new AppError('NOT_FOUND', AddressMessages.NOT_FOUND);
  return toSaved(row);
}

/** The fields of an address, checked as checkout checks them (400 with `errors` per field, named `address.{field}`). */
export function checkedAddress(fields: AddressFields): PostalAddress {
  return readAddress(fields, 'address');
}

/** When `isDefault`, the account's other addresses stop being the default. */
async function takeDefault(tx: DbOrTx, websiteId: string, siteUserId: string, isDefault: boolean): Promise<void> {
  if (isDefault) await tx.update(siteUserAddresses).set({ isDefault: false }).where(ofUser(websiteId, siteUserId));
}

/**
 * Saves a new address of the account (its first becomes the default); 409 past
 * {@link MAX_SAVED_ADDRESSES}. The account's row is locked so two saves cannot both pass the limit.
 */
export async function addAddress(db: Db, websiteId: string, siteUserId: string, address: PostalAddress, isDefault: boolean): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM site_users WHERE website_id = ${websiteId} AND id = ${siteUserId} FOR UPDATE`);
    const [held] = await tx.select({ n: sql<number>`count(*)::int` }).from(siteUserAddresses).where(ofUser(websiteId, siteUserId));
    const count = Number(held?.n ?? 0);
    if (count >= MAX_SAVED_ADDRESSES) throw new AppError('CONFLICT', AddressMessages.TOO_MANY);
    const first = count === 0;
    await takeDefault(tx, websiteId, siteUserId, isDefault || first);
    const [row] = await tx
      .insert(siteUserAddresses)
      .values({ websiteId, siteUserId, address: { ...address }, isDefault: isDefault || first })
      .returning();
    return toSaved(row!);
  });
}

/** Changes one of the account's addresses; 404 for any other. */
export async function updateAddress(
  db: Db,
  websiteId: string,
  siteUserId: string,
  id: string,
  address: PostalAddress,
  isDefault: boolean,
): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await findAddress(tx, websiteId, siteUserId, id);
    await takeDefault(tx, websiteId, siteUserId, isDefault);
    const [row] = await tx
      .update(siteUserAddresses)
      .set({ address: { ...address }, ...(isDefault ? { isDefault: true } : {}), updatedAt: new Date() })
      .where(and(ofUser(websiteId, siteUserId), eq(siteUserAddresses.id, id)))
      .returning();
    return toSaved(row!);
  });
}

/** Deletes one of the account's addresses (404 for any other); the oldest left becomes the default when it was. */
export async function deleteAddress(db: Db, websiteId: string, siteUserId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(siteUserAddresses)
      .where(and(ofUser(websiteId, siteUserId), eq(siteUserAddresses.id, id)))
      .returning({ isDefault: siteUserAddresses.isDefault });
    if (!gone) throw new AppError('NOT_FOUND', AddressMessages.NOT_FOUND);
    if (!gone.isDefault) return;
    const [next] = await tx
      .select({ id: siteUserAddresses.id })
      .from(siteUserAddresses)
      .where(ofUser(websiteId, siteUserId))
      .orderBy(asc(siteUserAddresses.createdAt), asc(siteUserAddresses.id))
      .limit(1);
    if (next) await tx.update(siteUserAddresses).set({ isDefault: true }).where(eq(siteUserAddresses.id, next.id));
  });
}
