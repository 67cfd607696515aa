import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { noStore } from './navigation-routes.js';
import { PREFERENCES_BODY_LIMIT, SiteLayoutPaths } from './paths.js';
import { readPreferences, withoutWebsiteId, writePreferences } from './preference-store.js';
import { PreferenceParams, Preferences } from './schemas.js';

const tags = ['owner', 'commerce preferences'];

/** Two JSON values alike, whatever the order of their keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * Registers the commerce preferences of a namespace (spec 3 and 7): read, and replace, stored
 * only when it differs from what is stored. They are store settings: reading needs
 * `catalogue:read`, changing `catalogue:write`.
 */
export function registerPreferenceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = requireOwner(db, deps.config.ownerToken, 'catalogue:read');
  const write = requireOwner(db, deps.config.ownerToken, 'catalogue:write');

  routes.get(
    SiteLayoutPaths.PREFERENCES,
    {
      onRequest: noStore,
      preValidation: read,
      schema: {
        tags,
        summary: "A namespace's commerce preferences, without websiteId (an empty object when none are saved) (owner)",
        params: PreferenceParams,
        response: withErrors({ 200: Preferences }),
      },
    },
    async (request) => readPreferences(db, siteOf(request).id, request.params.namespace),
  );

  routes.put(
    SiteLayoutPaths.PREFERENCES,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: PREFERENCES_BODY_LIMIT,
      schema: {
        tags,
        summary: "Replaces a namespace's commerce preferences (websiteId is dropped); nothing is written when they equal the stored ones (owner)",
        params: PreferenceParams,
        body: Preferences,
        response: withErrors({ 200: Preferences }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { namespace } = request.params;
      const value = withoutWebsiteId(request.body);
      if (sameJson(value, await readPreferences(db, site.id, namespace))) return value;
      await db.transaction(async (tx) => {
        await writePreferences(tx, site.id, namespace, value);
        await recordAudit(tx, request, { action: 'commerce-preferences.update', subjectType: 'commerce-preferences', subjectId: namespace });
      });
      deps.resolver.invalidate();
      return value;
    },
  );
}
