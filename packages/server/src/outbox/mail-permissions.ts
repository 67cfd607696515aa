import { roleCan, type OwnerPermission, type OwnerRole } from '../owner-sessions/index.js';

/**
 * The permission that reads each kind of mail: a mail is read with the permissions of what it
 * is about. Kinds missing here are shown to admins only.
 */
export const MAIL_KIND_PERMISSIONS: Readonly<Record<string, OwnerPermission>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, OwnerPermission>, {
    restock: 'restock:read',
    'form-submission': 'forms:read',
    'order-confirmation': 'orders:read',
    'order-shipped': 'orders:read',
    'donation-receipt': 'orders:read',
    'owner-invitation': 'owners:read',
    'owner-password-reset': 'owners:read',
    'payment-reconciliation': 'billing:read',
  }),
);

/** The mail kinds `role` may read, or 'all' for admins (who also read kinds not listed). */
export function readableMailKinds(role: OwnerRole): string[] | 'all' {
  if (role === 'admin') return 'all';
  return Object.entries(MAIL_KIND_PERMISSIONS)
    .filter(([, permission]) => roleCan(role, permission))
    .map(([kind]) => kind);
}
