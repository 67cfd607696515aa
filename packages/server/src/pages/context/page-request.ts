import type { Db } from '../../db/index.js';
import type { Website } from '../../sites/index.js';
import type { CheckoutProps } from '@emporium/storefront';
import type { CspDirectives } from '../../http/security-headers.js';
import type { PageType } from '../../spec/index.js';
import type { CollectionRow } from '../queries.js';
import type { PageReader, ReadSource, SiteData } from '../../site-data/index.js';
import type { PageLanguage } from '../../multilingual/index.js';
import type { PageTranslations } from '../../translations/index.js';

/** Everything the context builder needs to know about one page request. */
export interface PageRequest {
  readonly db: Db;
  readonly site: Website;
  /** URL path without the query string and without the language prefix (`/fr/shop` is `/shop`). */
  readonly path: string;
  /** The language the URL names (decision 0044): its code and prefix, and the page's hreflang alternates. */
  readonly language?: PageLanguage;
  /** The URL's first segment is the prefix of a hidden language: the page is not found. */
  readonly languageHidden?: boolean;
  /** The texts of the page's language and every language's paths with translated slugs (decision 0049); absent on degraded pages. */
  readonly translations?: PageTranslations;
  /** Query-string values (first value of each name). */
  readonly query: Readonly<Record<string, string | undefined>>;
  /**
   * `http://demo.localhost:3000`: the site's origin on the server's own domain, from the
   * configured public URL (never from the request's Host header).
   */
  readonly siteOrigin: string;
  /** Origin of canonical URLs: the primary custom domain, else `siteOrigin`. */
  readonly origin: string;
  readonly now: Date;
  /** The visitor's cart, when the cart layer knows it. */
  readonly cartId: string | undefined;
  /**
   * The page is shared by every visitor through the page cache: it is built without a cart and
   * the browser fills in the cart count (the header's count is left empty, the pill unseeded).
   */
  readonly cartShownByBrowser?: boolean;
  /** The editor's preview (a genuine preview cookie): the page shows the drafts and marks its blocks for the editor. */
  readonly preview?: boolean;
  /** The preview's drafts by subject (`item:{id}` among them): its listings and item pages show drafted posts. */
  readonly drafts?: ReadonlyMap<string, unknown>;
  /** True when the storefront bundle is built: builders then add island props. */
  readonly islandsEnabled: boolean;
  /** The site's collections, loaded once per request. */
  readonly collections: readonly CollectionRow[];
  /** The site's cached site-wide data at this request's content version (absent on degraded pages). */
  readonly siteData?: SiteData;
  /** The visitor's cookies (password-access grants are read from them). */
  readonly cookies?: Readonly<Record<string, string | undefined>>;
  /** The visitor's anti-forgery crumb, printed into password forms. */
  readonly crumb?: string;
  /** The static pages of the site's theme (`pages/{name}.page`), by URL id, with their titles. */
  readonly themePages?: ReadonlyMap<string, { title: string; description: string }>;
  /** Where the page's catalogue and content reads go: kept per site and page version (absent: read every time). */
  readonly reader?: PageReader;
}

/** What the page's catalogue and content queries read from: the page's reader, else the database. */
export function readerOf(req: PageRequest): ReadSource {
  return req.reader ?? req.db;
}

/** A page ready to render: HTTP status, spec page type, theme template and context. */
export interface BuiltPage {
  readonly status: number;
  readonly pageType: PageType;
  readonly templateName: string;
  /** Page title shown in the browser tab (before the site title is appended). */
  readonly title: string;
  /** The template context, without the site-wide parts added by {@link baseContext}. */
  readonly context: Record<string, unknown>;
  /** A page for one shopper's eyes (order received): sent with `cache-control: no-store` and never indexed. */
  readonly private?: boolean;
  /** Sources this page's Content-Security-Policy adds to the site's (the checkout page's Stripe.js). */
  readonly contentSecurity?: CspDirectives;
  /** The site's Stripe account as the checkout island may know it (checkout pages of a site with Stripe). */
  readonly stripe?: CheckoutProps['stripe'];
  /** Where the page lives now (a post whose slug changed): answered with a permanent redirect there instead. */
  readonly movedTo?: string;
  /** The move is the preview's (a drafted slug): a temporary redirect, never stored, as visitors still have the page here. */
  readonly movedForPreview?: boolean;
}
