import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { OWNER_ROLE_REFUSED, PASSWORD_CHANGE_REQUIRED, requireOwnerSession, roleCan, type OwnerPermission } from '../owner-sessions/index.js';

type Hook = (request: FastifyRequest) => Promise<void>;

/**
 * preValidation hooks for a call that shows each owner what their role may read of several
 * areas: any signed-in owner of the site (401 otherwise, from `requireOwnerSession`, one session
 * lookup) whose role holds at least one of `permissions` and whose one-time password was changed
 * (403 otherwise, naming the first of them as `permission` and all of them as `anyOf`). The
 * handler then leaves out what `request.owner`'s role may not read.
 */
export function requireAnyOwnerPermission(db: Db, ownerToken: string | undefined, permissions: readonly [OwnerPermission, ...OwnerPermission[]]): Hook[] {
  const holdsOne: Hook = async (request) => {
    const owner = request.owner!;
    if (owner.mustChangePassword) throw new AppError('FORBIDDEN', PASSWORD_CHANGE_REQUIRED, { body: { mustChangePassword: true } });
    if (!permissions.some((permission) => roleCan(owner.role, permission)))
      throw new AppError('FORBIDDEN', OWNER_ROLE_REFUSED, { body: { permission: permissions[0], anyOf: permissions } });
  };
  return [requireOwnerSession(db, ownerToken), holdsOne];
}
