import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/index.js';
import { getForm } from '../forms/index.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf, updateWebsiteSettings } from '../sites/index.js';
import { POPUP_SETTING } from './popup-constants.js';
import { storedPopup } from './popup-settings.js';
import { PopupOverlayAnswer, PopupSettingsBody } from './schemas.js';

/** Owner call reading and replacing the popup overlay settings. */
export const POPUP_SETTINGS_PATH = '/api/owner/popup-overlay';

/** Refusal of a popup naming a form the site does not have. */
export const FORM_NOT_OF_SITE = 'formId must name a form of this site.';

/** Registers the owner's popup overlay settings (GET and PUT; the form must belong to the site). */
export function registerPopupRoutes(app: FastifyInstance, deps: AppDeps): void {
  const readSettings = requireOwner(deps.db, deps.config.ownerToken, 'settings:read');
  const writeSettings = requireOwner(deps.db, deps.config.ownerToken, 'settings:write');
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['owner'];

  const getSchema = { tags, summary: "The site's newsletter popup overlay (null when none is set)", response: withErrors({ 200: PopupOverlayAnswer }) };
  routes.get(POPUP_SETTINGS_PATH, { preValidation: readSettings, schema: getSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store, private');
    return { popupOverlay: storedPopup(siteOf(request).settings) ?? null };
  });

  const putSchema = {
    tags,
    summary: 'Replace the newsletter popup overlay (the form must belong to the site)',
    body: PopupSettingsBody,
    response: withErrors({ 200: PopupOverlayAnswer }),
  };
  routes.put(POPUP_SETTINGS_PATH, { preValidation: writeSettings, bodyLimit: 16 * 1024, schema: putSchema }, async (request) => {
    const site = siteOf(request);
    const popup = request.body;
    if (!(await getForm(deps.db, site.id, popup.formId)))
      throw new AppError('VALIDATION_FAILED', FORM_NOT_OF_SITE, { body: { fields: { formId: FORM_NOT_OF_SITE } } });
    await updateWebsiteSettings(deps.db, site.id, { [POPUP_SETTING]: popup });
    deps.resolver.invalidate();
    return { popupOverlay: popup };
  });
}
