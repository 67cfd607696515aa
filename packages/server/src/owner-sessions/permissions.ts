/**
 * Owner roles and what each may do (spec 3 "User roles"; the table in docs/roles.md). A
 * permission is an area and an access level; `write` implies `read`.
 */
export const OWNER_ROLES = [
  'admin',
  'store-manager',
  'editor',
  'moderator',
  'reporting',
  'viewer',
  'billing',
  'website-manager',
  'commenter',
  'campaigns-editor',
  'scheduling',
  'scheduling-editor',
  'scheduling-viewer',
  'none',
] as const;
export type OwnerRole = (typeof OWNER_ROLES)[number];

/** The spec's numbers of the roles (spec 3 "User roles"). */
export const OWNER_ROLE_IDS: Readonly<Record<OwnerRole, number>> = Object.freeze({
  admin: 1,
  billing: 2,
  reporting: 3,
  editor: 4,
  moderator: 6,
  commenter: 7,
  'store-manager': 8,
  scheduling: 9,
  viewer: 10,
  'campaigns-editor': 11,
  'scheduling-viewer': 12,
  'scheduling-editor': 13,
  none: 14,
  'website-manager': 15,
});

export const OWNER_AREAS = [
  'catalogue',
  'inventory',
  'orders',
  'discounts',
  'shipping',
  'taxes',
  'content',
  'forms',
  'restock',
  'moderation',
  'reports',
  'settings',
  'billing',
  'owners',
  'audit',
  'code',
  'customers',
  'members',
] as const;
export type OwnerArea = (typeof OWNER_AREAS)[number];
export type OwnerPermission = `${OwnerArea}:${'read' | 'write'}`;

const STORE: readonly OwnerArea[] = ['catalogue', 'inventory', 'orders', 'discounts', 'shipping', 'taxes', 'restock'];

/** Areas each role may change; every role may also read them. */
const WRITES: Readonly<Record<OwnerRole, readonly OwnerArea[]>> = {
  admin: OWNER_AREAS,
  'store-manager': [...STORE, 'members'],
  editor: ['content', 'forms'],
  moderator: ['moderation'],
  reporting: [],
  viewer: [],
  billing: ['billing'],
  'website-manager': ['settings', 'content', 'forms', 'code'],
  commenter: [],
  'campaigns-editor': [],
  scheduling: [],
  'scheduling-editor': [],
  'scheduling-viewer': [],
  none: [],
};

/** Areas each role may read without changing them (beyond those it writes). */
const READS: Readonly<Record<OwnerRole, readonly OwnerArea[]>> = {
  admin: OWNER_AREAS,
  'store-manager': ['reports', 'customers'],
  editor: [],
  moderator: ['content'],
  reporting: ['reports', 'orders', 'catalogue', 'inventory', 'customers', 'members'],
  viewer: OWNER_AREAS.filter((area) => area !== 'owners' && area !== 'audit' && area !== 'billing'),
  billing: ['orders', 'reports'],
  'website-manager': [],
  commenter: ['content'],
  'campaigns-editor': ['forms'],
  scheduling: [],
  'scheduling-editor': [],
  'scheduling-viewer': [],
  none: [],
};

/** True when `role` holds `permission`. */
export function roleCan(role: OwnerRole, permission: OwnerPermission): boolean {
  const [area, level] = permission.split(':') as [OwnerArea, 'read' | 'write'];
  if (WRITES[role].includes(area)) return true;
  return level === 'read' && READS[role].includes(area);
}

/** Every permission `role` holds, `write` entries implying their `read` ones (the dashboard hides what they do not open). */
export function permissionsOf(role: OwnerRole): OwnerPermission[] {
  return OWNER_AREAS.flatMap((area) =>
    (['read', 'write'] as const).filter((level) => roleCan(role, `${area}:${level}`)).map((level) => `${area}:${level}` as const),
  );
}

export function isOwnerRole(value: unknown): value is OwnerRole {
  return typeof value === 'string' && (OWNER_ROLES as readonly string[]).includes(value);
}
