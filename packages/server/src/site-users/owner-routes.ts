import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { SettingsAnswer, SettingsBody } from './schemas.js';
import { readSiteUserSettings, saveSiteUserSettings } from './settings.js';

/** The owner's switch for the site's customer accounts. */
export const SITE_USER_SETTINGS_PATH = '/api/owner/site-users/settings';

/** Registers the owner's calls: read and save whether the site's customer accounts are on. */
export function registerSiteUserOwnerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['owner', 'site users'];
  routes.get(
    SITE_USER_SETTINGS_PATH,
    {
      preValidation: requireOwner(deps.db, deps.config.ownerToken, 'settings:read'),
      schema: { tags, summary: 'Whether customer accounts are on (owner)', response: withErrors({ 200: SettingsAnswer }) },
    },
    async (request) => readSiteUserSettings(deps.db, siteOf(request).id),
  );
  routes.put(
    SITE_USER_SETTINGS_PATH,
    {
      bodyLimit: 1024,
      preValidation: requireOwner(deps.db, deps.config.ownerToken, 'settings:write'),
      schema: { tags, summary: 'Turns customer accounts on or off (owner)', body: SettingsBody, response: withErrors({ 200: SettingsAnswer }) },
    },
    async (request) =>
      deps.db.transaction(async (tx) => {
        const saved = await saveSiteUserSettings(tx, siteOf(request).id, request.body);
        await recordAudit(tx, request, { action: 'site-users.settings', subjectType: 'settings', detail: { accountsEnabled: saved.accountsEnabled } });
        return saved;
      }),
  );
}
