import { shareButtonOptionsOf } from './content-island-props.js';
import type { Website } from '../../sites/index.js';
import type { WebsiteContext, WebsiteSettingsContext } from './schemas.js';

/** Header and footer settings (`settings.headerFooter`). */
export interface HeaderFooter {
  header?: { tagline?: string; logoImageUrl?: string; announcement?: string };
  footer?: Record<string, unknown>;
}

/** Reads `settings.headerFooter`, ignoring anything that is not an object. */
export function headerFooterOf(site: Website): HeaderFooter {
  const hf = site.settings.headerFooter;
  return hf && typeof hf === 'object' ? (hf as HeaderFooter) : {};
}

/** Absolute origins of a site: `baseUrl` is where it is published (its primary custom domain when it has one), `authenticUrl` its address on the server's own domain. */
export interface SiteOrigins {
  readonly baseUrl: string;
  readonly authenticUrl: string;
}

/** The `website` object of the context (spec section 3 and the reference corpus). */
export function websiteContext(site: Website, { baseUrl, authenticUrl }: SiteOrigins): WebsiteContext {
  const header = headerFooterOf(site).header ?? {};
  return {
    id: site.id,
    identifier: site.identifier,
    siteTitle: site.title,
    siteDescription: site.description,
    siteTagLine: header.tagline ?? '',
    logoImageUrl: header.logoImageUrl ?? '',
    language: site.settings.locale,
    timeZone: site.settings.timeZone,
    baseUrl,
    authenticUrl,
    internalUrl: authenticUrl,
    siteStatus: { value: site.siteStatus },
    useCLDRMoneyFormat: site.settings.useCLDRMoneyFormat ?? true,
    captchaSettings: { siteKey: site.settings.captchaSiteKey ?? '' },
    shareButtonOptions: shareButtonOptionsOf(site.settings as Record<string, unknown>),
    restrictiveCookiePolicy: site.settings.restrictiveCookiePolicy === true,
  };
}

/** The `websiteSettings` object of the context, including `storeSettings`. */
export function websiteSettingsContext(site: Website): WebsiteSettingsContext {
  const { settings } = site;
  const commerce = settings.commerce;
  return {
    websiteId: site.id,
    commentsEnabled: settings.commentsEnabled ?? false,
    disqusShortname: '',
    simpleLikingEnabled: settings.simpleLikingEnabled ?? false,
    useCLDRMoneyFormat: settings.useCLDRMoneyFormat ?? true,
    storeSettings: {
      defaultCurrency: settings.currency,
      selectedCurrency: settings.currency,
      businessName: commerce.storeName ?? site.title,
      multipleQuantityAllowedForServices: commerce.multipleQuantityAllowedForServices ?? true,
      checkoutMinimumCents: commerce.checkoutMinimumCents ?? 0,
      isLive: !(commerce.testMode ?? false),
    },
  };
}
