import type { CommerceSettings, WebsiteSettings } from '../db/schema.js';

/** Settings with every default filled in. */
export interface ResolvedSettings extends WebsiteSettings {
  timeZone: string;
  currency: string;
  locale: string;
  theme: string;
  commerce: CommerceSettings;
}

/** A website as the rest of the server sees it (settings already completed with defaults). */
export interface Website {
  id: string;
  identifier: string;
  title: string;
  description: string;
  siteStatus: number;
  settings: ResolvedSettings;
  domains: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** Spec 9 defaults: time zone America/New_York, locale en-US; spec 3: store currency USD. */
export const DEFAULT_SETTINGS: Readonly<ResolvedSettings> = Object.freeze({
  timeZone: 'America/New_York',
  currency: 'USD',
  locale: 'en-US',
  theme: 'default',
  commentsEnabled: false,
  simpleLikingEnabled: false,
  useCLDRMoneyFormat: true,
  restrictiveCookiePolicy: false,
  commerce: Object.freeze({ multipleQuantityAllowedForServices: true, testMode: true }),
});

/** Fills missing settings with {@link DEFAULT_SETTINGS} (commerce settings merged one level deep). */
export function withSettingsDefaults(settings: WebsiteSettings | null | undefined): ResolvedSettings {
  const own = settings ?? {};
  return {
    ...DEFAULT_SETTINGS,
    ...own,
    commerce: { ...DEFAULT_SETTINGS.commerce, ...(own.commerce ?? {}) },
  } as ResolvedSettings;
}
