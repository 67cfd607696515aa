import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/types.js';
import { isOwnerRequest } from '../owner-sessions/index.js';
import { siteUserRole } from './page-view-repository.js';
import { recordsSignedInRole } from './visit-policy.js';

/**
 * Spec 6: visits of the site's owner and of signed-in site users are not recorded, unless the
 * user's only website role is viewer. One rule for the census beacon and every analytics call.
 */
export async function isUncountedVisitor(db: Db, ownerToken: string | undefined, request: FastifyRequest, websiteId: string): Promise<boolean> {
  if (await isOwnerRequest(db, request, ownerToken)) return true;
  const user = request.siteUserInfo;
  if (!user?.authenticated || !user.siteUserId) return false;
  return !recordsSignedInRole(await siteUserRole(db, websiteId, user.siteUserId));
}
