import type {
  CaptchaKeys,
  CaptchaKeysBody,
  SettingsChoices,
  SiteSettings,
  StoreConfig,
  StoreConfigBody,
  VisitorSettings,
  VisitorSettingsBody,
} from '@emporium/server/site-settings/schemas';
import { api } from '../../../api/http.js';

/** The Site settings calls (packages/server/src/site-settings/routes.ts). */
export const SiteSettingsPaths = Object.freeze({
  SETTINGS: '/api/owner/site-settings',
  CHOICES: '/api/owner/site-settings/choices',
  STORE: '/api/owner/site-settings/store',
  CAPTCHA: '/api/owner/site-settings/captcha',
  VISITOR: '/api/owner/site-settings/visitor',
});

/** Spec 8 texts the section shows where they apply. */
export const SiteSettingsTexts = Object.freeze({
  TIME_ZONES_FAILED: 'Failed to load timezone',
  RECAPTCHA_NOT_SET_UP: 'ReCaptcha has not been set up!',
});

/** What a server schema accepts (`InputOf`) and gives (`OutputOf`); the dashboard reads the server's zod types without zod of its own. */
export type InputOf<T extends { _zod: { input: unknown } }> = T['_zod']['input'];
export type OutputOf<T extends { _zod: { output: unknown } }> = T['_zod']['output'];

export type SiteSettingsView = OutputOf<typeof SiteSettings>;
export type StoreConfigView = OutputOf<typeof StoreConfig>;
export type CaptchaKeysView = OutputOf<typeof CaptchaKeys>;
export type VisitorSettingsView = OutputOf<typeof VisitorSettings>;
export type Choices = OutputOf<typeof SettingsChoices>;

/** Saves the time zone, locale and currency (in effect at once). */
export function saveStoreConfig(body: OutputOf<typeof StoreConfigBody>): Promise<StoreConfigView> {
  return api<StoreConfigView>(SiteSettingsPaths.STORE, { method: 'PUT', body });
}

/** Saves the captcha choice and keys (in effect at once; secrets left out are kept). */
export function saveCaptchaKeys(body: OutputOf<typeof CaptchaKeysBody>): Promise<CaptchaKeysView> {
  return api<CaptchaKeysView>(SiteSettingsPaths.CAPTCHA, { method: 'PUT', body });
}

/** Drafts the favicon, social image, social accounts and cookie banner. */
export function saveVisitorSettings(body: OutputOf<typeof VisitorSettingsBody>): Promise<VisitorSettingsView> {
  return api<VisitorSettingsView>(SiteSettingsPaths.VISITOR, { method: 'PUT', body });
}
