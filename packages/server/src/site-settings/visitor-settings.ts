import type { z } from 'zod';
import { editedSetting, draftSetting, type DraftedSetting } from '../drafts/index.js';
import type { Db, DbOrTx } from '../db/index.js';
import { type CookieBanner, SocialAccount, type VisitorSettings, type VisitorSettingsBody } from './schemas.js';

/** The drafted settings the visitor settings are kept in (`settings.siteIcons`, ...). */
const KEYS = ['siteIcons', 'socialAccounts', 'cookieBanner'] as const satisfies readonly DraftedSetting[];

type Stored = Record<string, unknown>;
const objectOf = (value: unknown): Stored => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Stored) : {});
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The cookie banner a site shows visitors, read leniently from `settings.cookieBanner`. */
export type SiteCookieBanner = z.infer<typeof CookieBanner>;

/** The site's favicon address (`settings.siteIcons.faviconUrl`), or undefined for the theme's. */
export function siteFaviconUrl(settings: Stored): string | undefined {
  return textOf(objectOf(settings.siteIcons).faviconUrl) || undefined;
}

/** The site's social image (`settings.siteIcons.socialImageUrl`), og:image of pages without their own; undefined when none. */
export function siteSocialImageUrl(settings: Stored): string | undefined {
  return textOf(objectOf(settings.siteIcons).socialImageUrl) || undefined;
}

/** The site's social accounts (`settings.socialAccounts.accounts`), malformed entries left out. */
export function siteSocialAccounts(settings: Stored): z.infer<typeof SocialAccount>[] {
  const accounts = objectOf(settings.socialAccounts).accounts;
  if (!Array.isArray(accounts)) return [];
  return accounts.flatMap((account) => {
    const parsed = SocialAccount.safeParse(account);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The stored cookie banner with defaults (off, no text, no policy link). */
function cookieBannerOf(stored: unknown): SiteCookieBanner {
  const banner = objectOf(stored);
  return { enabled: banner.enabled === true, text: textOf(banner.text), policyUrl: textOf(banner.policyUrl) };
}

/** The cookie banner visitors are shown, or undefined when it is off (or has nothing to say). */
export function siteCookieBanner(settings: Stored): SiteCookieBanner | undefined {
  const banner = cookieBannerOf(settings.cookieBanner);
  return banner.enabled && banner.text ? banner : undefined;
}

/** The visitor settings as owners edit them now: each part's draft when there is one, else what visitors see. */
export async function readVisitorSettings(db: DbOrTx, websiteId: string): Promise<VisitorSettings> {
  const [icons, accounts, banner] = await Promise.all(KEYS.map((key) => editedSetting(db, websiteId, key)));
  const settings = { siteIcons: icons!.value, socialAccounts: accounts!.value, cookieBanner: banner!.value };
  return {
    faviconUrl: siteFaviconUrl(settings) ?? '',
    socialImageUrl: siteSocialImageUrl(settings) ?? '',
    socialAccounts: siteSocialAccounts(settings),
    cookieBanner: cookieBannerOf(banner!.value),
    drafted: icons!.drafted || accounts!.drafted || banner!.drafted,
  };
}

/** The stored value of each drafted setting for `form`. */
function storedValues(form: VisitorSettingsBody): Record<(typeof KEYS)[number], Stored> {
  const icons: Stored = {};
  if (form.faviconUrl) icons.faviconUrl = form.faviconUrl;
  if (form.socialImageUrl) icons.socialImageUrl = form.socialImageUrl;
  return { siteIcons: icons, socialAccounts: { accounts: form.socialAccounts }, cookieBanner: { ...form.cookieBanner } };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Drafts the visitor settings: each part that differs from what owners edit now becomes a draft
 * of its setting (a part left as it is drafts nothing). Answers whether anything was drafted.
 */
export async function draftVisitorSettings(db: Db, websiteId: string, form: VisitorSettingsBody, by: string): Promise<boolean> {
  const wanted = storedValues(form);
  let changed = false;
  for (const key of KEYS) {
    const current = (await editedSetting(db, websiteId, key)).value;
    const normalised =
      key === 'cookieBanner'
        ? cookieBannerOf(current)
        : key === 'socialAccounts'
          ? { accounts: siteSocialAccounts({ socialAccounts: current }) }
          : objectOf(current);
    if (sameJson(normalised, wanted[key])) continue;
    await draftSetting(db, websiteId, key, () => wanted[key], by);
    changed = true;
  }
  return changed;
}
