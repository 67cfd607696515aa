// zod itself (not the HTTP layer's re-export), so the owner dashboard can import these schemas.
import { z } from 'zod';
import { SiteSettingsMessages as M } from './messages.js';

/** The captcha kinds a site can use (as `captcha/schemas.ts` lists them). */
export const CAPTCHA_KINDS = ['pow', 'recaptcha', 'recaptcha-enterprise'] as const;

/** Social networks an account can be listed for, in the order the dashboard offers them. */
export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'x', 'tiktok', 'youtube', 'pinterest', 'linkedin', 'threads', 'bluesky', 'mastodon'] as const;

/** Most social accounts a site lists. */
export const MAX_SOCIAL_ACCOUNTS = 12;

/** True when `zone` is an IANA time zone this runtime knows (`Intl.supportedValuesOf('timeZone')`, plus UTC). */
export function isKnownTimeZone(zone: string): boolean {
  return zone === 'UTC' || Intl.supportedValuesOf('timeZone').includes(zone);
}

/** True when `code` is an ISO 4217 currency this runtime formats (`Intl.supportedValuesOf('currency')`). */
export function isKnownCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
}

const LOCALE = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-(?:[A-Z]{2}|\d{3}))?$/;

/** True when `tag` is a canonical BCP 47 language tag (language, optional script and region) the runtime formats with. */
export function isKnownLocale(tag: string): boolean {
  if (!LOCALE.test(tag)) return false;
  try {
    return Intl.getCanonicalLocales(tag)[0] === tag && Intl.NumberFormat.supportedLocalesOf(tag).length === 1;
  } catch {
    return false;
  }
}

/** Time zone, locale and currency: store configuration, in effect as soon as it is saved. */
export const StoreConfigBody = z.strictObject({
  timeZone: z.string().max(64).refine(isKnownTimeZone, { error: M.BAD_TIME_ZONE }).describe('IANA time zone (Intl.supportedValuesOf)'),
  locale: z.string().max(35).refine(isKnownLocale, { error: M.BAD_LOCALE }).describe('BCP 47 locale of dates and money, e.g. en-US'),
  currency: z.string().max(3).refine(isKnownCurrency, { error: M.BAD_CURRENCY }).describe('ISO 4217 store currency'),
  confirmCurrencyChange: z.boolean().optional().describe('Required (true) to change the currency of a store that has products'),
});
export type StoreConfigBody = z.infer<typeof StoreConfigBody>;

/** The store configuration as owners see it. */
export const StoreConfig = z.object({
  timeZone: z.string(),
  locale: z.string(),
  currency: z.string(),
  productCount: z.number().int().describe('Products in the store (their prices are not converted when the currency changes)'),
  hasOrders: z.boolean().describe('Whether the store has taken orders (the currency can no longer change)'),
});

/** Captcha choice and keys; a secret left out is kept, an empty one removed. */
export const CaptchaKeysBody = z.strictObject({
  enabled: z.boolean().describe('Site-wide captcha on restock sign-ups; forms choose their own'),
  provider: z.enum(CAPTCHA_KINDS),
  siteKey: z.string().trim().max(200).describe('reCAPTCHA site key (public)'),
  projectId: z.string().trim().max(200).describe('reCAPTCHA Enterprise: Google Cloud project id'),
  minScore: z.number().min(0).max(1).describe('Lowest accepted score (reCAPTCHA v3 and Enterprise)'),
  secret: z.string().trim().max(500).optional().describe('reCAPTCHA checkbox secret key; absent keeps the stored one, empty removes it'),
  apiKey: z.string().trim().max(500).optional().describe('reCAPTCHA Enterprise API key; absent keeps the stored one, empty removes it'),
});
export type CaptchaKeysBody = z.infer<typeof CaptchaKeysBody>;

/** The captcha settings as owners see them: whether each secret is set, never the secret. */
export const CaptchaKeys = z.object({
  enabled: z.boolean(),
  provider: z.enum(CAPTCHA_KINDS),
  siteKey: z.string(),
  projectId: z.string(),
  minScore: z.number(),
  secretSet: z.boolean(),
  apiKeySet: z.boolean(),
  ready: z.boolean().describe('Whether the chosen captcha can check answers (false: "ReCaptcha has not been set up!")'),
});

const IMAGE = /^(https:\/\/|\/(?!\/))/;
const LINK = /^(https?:\/\/|\/(?!\/))/;
const imageUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => v === '' || IMAGE.test(v), { error: M.BAD_IMAGE });

/** One social account of the site. */
export const SocialAccount = z.strictObject({
  network: z.enum(SOCIAL_NETWORKS),
  url: z
    .string()
    .trim()
    .max(2048)
    .regex(/^https:\/\/[^\s/]+\.[^\s]+$/, { error: M.BAD_ACCOUNT }),
});

/** The cookie banner: its text, the policy page it links to, on or off. */
export const CookieBanner = z
  .strictObject({
    enabled: z.boolean(),
    text: z.string().trim().max(500),
    policyUrl: z
      .string()
      .trim()
      .max(2048)
      .refine((v) => v === '' || LINK.test(v), { error: M.BAD_LINK })
      .describe('The privacy or cookie policy page; a path on the site such as /privacy, or https://'),
  })
  .refine((banner) => !banner.enabled || banner.text !== '', { error: M.BANNER_TEXT_REQUIRED, path: ['text'] });

/** What visitors see of the site's settings: drafted, published with the site's other drafts. */
export const VisitorSettingsBody = z.strictObject({
  faviconUrl: imageUrl.describe("The browser tab's icon; empty for the theme's"),
  socialImageUrl: imageUrl.describe('og:image of pages without an image of their own'),
  socialAccounts: z.array(SocialAccount).max(MAX_SOCIAL_ACCOUNTS),
  cookieBanner: CookieBanner,
});
export type VisitorSettingsBody = z.infer<typeof VisitorSettingsBody>;

/** The visitor settings as owners edit them: the draft when there is one. */
export const VisitorSettings = VisitorSettingsBody.extend({ drafted: z.boolean().describe('True while some of these are a draft visitors do not see yet') });
export type VisitorSettings = z.infer<typeof VisitorSettings>;

/** Everything of the Site settings section. */
export const SiteSettings = z.object({ store: StoreConfig, captcha: CaptchaKeys, visitor: VisitorSettings });

/** The choices of the store configuration's lists. */
export const SettingsChoices = z.object({
  timeZones: z.array(z.string()).describe("Intl.supportedValuesOf('timeZone')"),
  currencies: z.array(z.string()).describe("Intl.supportedValuesOf('currency') (ISO 4217)"),
});

/**
 * The dashboard's form of what visitors see: the visitor settings with the site's title, tagline
 * and logo, which are saved with the header (`PUT /api/site-header-footer`).
 */
export const SiteIdentityForm = VisitorSettingsBody.extend({
  title: z.string().trim().min(1, { error: 'Enter the site title.' }).max(200),
  tagline: z.string().trim().max(200),
  logoImageUrl: imageUrl,
});

/** True when `text` is a JSON object. */
function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The dashboard's form of one namespace's commerce preferences (spec 3): the namespace and its JSON object. */
export const CommercePreferencesForm = z.object({
  namespace: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, { error: 'A namespace is 1 to 64 letters, digits, dots, dashes or underscores.' }),
  json: z.string().refine(isJsonObject, { error: 'Write a JSON object, such as {"reviewsEnabled": true}.' }),
});
