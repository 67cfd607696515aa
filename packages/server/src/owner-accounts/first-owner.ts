import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { owners, ownerSetupTokens } from '../db/schema-owners.js';
import { websites } from '../db/schema.js';
import type { Db } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { newSecret, sha256, startAccountSession } from '../owner-sessions/index.js';
import { dashboardUrl, siteOf } from '../sites/index.js';
import type { AppConfig } from '../config.js';
import { recordAuditAs } from './audit-repository.js';
import { createOwner } from './owner-repository.js';
import { hashPassword } from './passwords.js';
import { FirstOwnerBody, SessionAnswer } from './schemas.js';
import { LINK_INVALID_MESSAGE, SESSION_BODY_LIMIT, sessionOwner, sessionSite } from './session-routes.js';

/** A first-owner link works for an hour (each start of the server prints a new one). */
export const SETUP_LINK_SECONDS = 60 * 60;
/** Path of the first owner's setup call. */
export const SETUP_PATH = '/api/owner/setup';
/** Refusal of a setup link once the site has an owner (409). */
export const SITE_HAS_OWNER_MESSAGE = 'This site already has an owner. Sign in instead.';

/** The sites without any owner account, in identifier order. */
export async function ownerlessSites(db: Db): Promise<{ id: string; identifier: string }[]> {
  const rows = await db
    .select({ id: websites.id, identifier: websites.identifier, owners: count(owners.id) })
    .from(websites)
    .leftJoin(owners, eq(owners.websiteId, websites.id))
    .groupBy(websites.id, websites.identifier)
    .orderBy(websites.identifier);
  return rows.filter((row) => row.owners === 0).map(({ id, identifier }) => ({ id, identifier }));
}

/**
 * A new one-time link to the dashboard where the first owner of a site chooses their email and
 * password; earlier unused links of the site stop working. The token travels in the fragment,
 * so it reaches no server log.
 */
export async function issueSetupLink(db: Db, site: { id: string; identifier: string }, config: Pick<AppConfig, 'publicUrl' | 'baseDomain'>): Promise<string> {
  const token = newSecret();
  await db.transaction(async (tx) => {
    await tx
      .update(ownerSetupTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(ownerSetupTokens.websiteId, site.id), isNull(ownerSetupTokens.usedAt)));
    await tx.insert(ownerSetupTokens).values({ tokenHash: sha256(token), websiteId: site.id, expiresAt: new Date(Date.now() + SETUP_LINK_SECONDS * 1000) });
  });
  return `${dashboardUrl(site.identifier, config, '/setup')}#token=${encodeURIComponent(token)}`;
}

/**
 * Registers POST /api/owner/setup: with a live setup link of a site that has no owner yet, makes
 * the first owner (admin) with the email and password chosen in the dashboard and signs them in.
 * The link works once; of two concurrent uses one wins.
 */
export function registerFirstOwnerRoute(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  app.withTypeProvider<ZodTypeProvider>().post(
    SETUP_PATH,
    {
      bodyLimit: SESSION_BODY_LIMIT,
      schema: {
        tags: ['owner', 'owner accounts'],
        summary: "Makes a site's first owner (admin) from a one-time setup link and signs them in",
        body: FirstOwnerBody,
        response: withErrors({ 200: SessionAnswer }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const passwordHash = await hashPassword(request.body.password);
      const owner = await db.transaction(async (tx) => {
        const [used] = await tx
          .update(ownerSetupTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(ownerSetupTokens.tokenHash, sha256(request.body.token)),
              eq(ownerSetupTokens.websiteId, site.id),
              isNull(ownerSetupTokens.usedAt),
              gt(ownerSetupTokens.expiresAt, new Date()),
            ),
          )
          .returning({ tokenHash: ownerSetupTokens.tokenHash });
        if (!used) throw new AppError('BAD_REQUEST', LINK_INVALID_MESSAGE);
        const [existing] = await tx.select({ n: count() }).from(owners).where(eq(owners.websiteId, site.id));
        if ((existing?.n ?? 0) > 0) throw new AppError('CONFLICT', SITE_HAS_OWNER_MESSAGE);
        const created = await createOwner(tx, { websiteId: site.id, email: request.body.email, role: 'admin', passwordHash, mustChangePassword: false });
        await recordAuditAs(
          tx,
          site.id,
          { ownerId: created.id, email: created.email },
          { action: 'owner.setup', subjectType: 'owner', subjectId: created.id, detail: {} },
        );
        return created;
      });
      await startAccountSession(db, site.id, owner.id, reply, config.secureCookies);
      reply.header('cache-control', 'no-store');
      return { owner: sessionOwner(owner), site: sessionSite(site, config) };
    },
  );
}
