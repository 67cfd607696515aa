import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { forms, websites } from '../db/index.js';
import { AppError } from '../errors/index.js';
import { parsePopupSettings, POPUP_SETTING } from './popup-settings.js';

/** Owner call reading and replacing the popup overlay settings. */
export const POPUP_SETTINGS_PATH = '/api/owner/popup-overlay';

/** Registers the owner's popup overlay settings (GET and PUT; the form must belong to the site). */
export function registerPopupRoutes(app: FastifyInstance, deps: AppDeps, owner: preHandlerHookHandler): void {
  app.get(POPUP_SETTINGS_PATH, { preHandler: owner }, async (request) => {
    if (!request.site) throw new AppError('SITE_NOT_FOUND', 'Site not found.');
    return { popupOverlay: (request.site.settings as Record<string, unknown>)[POPUP_SETTING] ?? null };
  });

  app.put(POPUP_SETTINGS_PATH, { preHandler: owner }, async (request) => {
    const site = request.site;
    if (!site) throw new AppError('SITE_NOT_FOUND', 'Site not found.');
    const popup = parsePopupSettings(request.body);
    const [form] = await deps.db.select({ id: forms.id }).from(forms).where(and(eq(forms.websiteId, site.id), eq(forms.id, popup.formId)));
    if (!form) throw new AppError('VALIDATION_FAILED', 'formId must name a form of this site.');
    await deps.db
      .update(websites)
      .set({ settings: sql`${websites.settings} || ${JSON.stringify({ [POPUP_SETTING]: popup })}::jsonb` })
      .where(eq(websites.id, site.id));
    deps.resolver.invalidate();
    return { popupOverlay: popup };
  });
}
