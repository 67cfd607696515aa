import { count } from 'drizzle-orm';
import { owners } from '../db/schema-owners.js';
import type { Db } from '../db/types.js';
import type { OwnerRole } from '../owner-sessions/index.js';
import { recordAuditAs, type AuditActor } from './audit-repository.js';
import { createOwner, findOwnerByEmail, listOwners, removeOwner, type OwnerRow } from './owner-repository.js';
import { hashPassword, oneTimePassword } from './passwords.js';

/** A new owner made outside a request (command line, seeds, tests). */
export interface NewOwner {
  websiteId: string;
  email: string;
  role: OwnerRole;
  /** The password; without it a one-time password is made, which must be changed at first sign-in. */
  password?: string;
}

/** The owner made by {@link addOwner}, and the one-time password when none was given. */
export interface AddedOwner {
  owner: OwnerRow;
  oneTimePassword: string | undefined;
}

/** Adds an owner account and writes the audit entry as `actor`; 409 when the email exists on the site. */
export async function addOwner(db: Db, input: NewOwner, actor: AuditActor): Promise<AddedOwner> {
  const temporary = input.password === undefined ? oneTimePassword() : undefined;
  const passwordHash = await hashPassword(input.password ?? temporary!);
  const owner = await db.transaction(async (tx) => {
    const created = await createOwner(tx, {
      websiteId: input.websiteId,
      email: input.email,
      role: input.role,
      passwordHash,
      mustChangePassword: temporary !== undefined,
    });
    await recordAuditAs(tx, input.websiteId, actor, {
      action: 'owner.add',
      subjectType: 'owner',
      subjectId: created.id,
      detail: { email: created.email, role: created.role },
    });
    return created;
  });
  return { owner, oneTimePassword: temporary };
}

/** Removes the owner with this email (never the last admin); false when there is none. */
export async function removeOwnerByEmail(db: Db, websiteId: string, email: string, actor: AuditActor): Promise<boolean> {
  const found = await findOwnerByEmail(db, websiteId, email);
  if (!found) return false;
  await db.transaction(async (tx) => {
    await removeOwner(tx, websiteId, found.id);
    await recordAuditAs(tx, websiteId, actor, {
      action: 'owner.remove',
      subjectType: 'owner',
      subjectId: found.id,
      detail: { email: found.email, role: found.role },
    });
  });
  return true;
}

export { listOwners };

/** Number of owner accounts on every site (0 on a fresh install). */
export async function countOwners(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(owners);
  return Number(row?.n ?? 0);
}
