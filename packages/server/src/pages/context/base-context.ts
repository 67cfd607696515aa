import { buildPageMeta, renderPageMeta } from '../../seo/index.js';
import { absoluteUrl } from '../../sites/index.js';
import { pathInLanguage, renderAlternateLinks } from '../../multilingual/index.js';
import { CollectionType, PageType, RecordType } from '../../spec/index.js';
import { cachedPricingSources } from '../../cart/index.js';
import { cartContext, cartPillProps, unknownCartPill } from './cart-context.js';
import { loadForms } from '../queries.js';
import { formContext } from './form-context.js';
import { COUNTRY_BY_CURRENCY, siteInstalmentContext } from '../../instalments/index.js';
import { cartPageIslandProps, cartPillIslandProps, checkoutIslandProps, formBlockIslandProps, pageFieldsOf } from './island-props.js';
import { requestNavigationAccess } from './navigation-access.js';
import { navigationContext } from './navigation-context.js';
import { popupIslandProps } from './popup-context.js';
import { structuredHead } from './structured-head.js';
import { siteSocialImageUrl } from '../../site-settings/index.js';
import { blockTextsOf, pageTextOf } from '../../translations/index.js';
import { readerOf, type BuiltPage, type PageRequest } from './page-request.js';
import { headerFooterOf, websiteContext, websiteSettingsContext } from './website-context.js';

/** True when the page's own blocks include a newsletter block (the footer then leaves its copy out). */
function pageHasNewsletter(page: BuiltPage): boolean {
  const blocks = (page.context.collection as { blocks?: { typeName?: string }[] } | undefined)?.blocks;
  return Array.isArray(blocks) && blocks.some((b) => b.typeName === 'newsletter');
}

const OPEN_GRAPH_TYPES: Readonly<Record<number, 'article' | 'product'>> = { [RecordType.TEXT]: 'article', [RecordType.STORE_ITEM]: 'product' };

/**
 * The page's `<title>`, description, canonical link (to itself, in its language), hreflang
 * alternates (every published language, its own and `x-default` included, on pages that exist)
 * and Open Graph / Twitter tags (escaped HTML).
 */
function headMeta(req: PageRequest, page: BuiltPage, description: unknown): string {
  const item = page.context.item as { recordType?: number; assetUrl?: string; fullUrl?: string } | undefined;
  const path = page.status === 200 ? (item?.fullUrl ?? req.path) : req.path;
  const pathIn = req.translations?.localizer.pathIn ?? pathInLanguage;
  const own = (page.context.render as { socialImage?: unknown } | undefined)?.socialImage;
  const socialImage = (typeof own === 'string' && own) || item?.assetUrl || siteSocialImageUrl(req.site.settings);
  const meta = renderPageMeta(
    buildPageMeta({
      title: page.title,
      siteTitle: req.site.title,
      description: typeof description === 'string' && description ? description : req.site.description,
      canonicalUrl: absoluteUrl(req.origin, pathIn(req.language?.prefix ?? '', path)),
      ...(socialImage ? { image: absoluteUrl(req.origin, socialImage) } : {}),
      type: (item?.recordType !== undefined && OPEN_GRAPH_TYPES[item.recordType]) || 'website',
      locale: req.site.settings.locale,
    }),
  );
  const alternates = page.status === 200 && !page.private && req.language ? renderAlternateLinks(req.origin, req.language, path, pathIn) : '';
  const structured = structuredHead(req, page);
  const withAlternates = alternates ? `${meta}\n${alternates}` : meta;
  const head = page.private ? `${meta}\n<meta name="robots" content="noindex">` : withAlternates;
  return structured ? `${head}\n${structured}` : head;
}

/** Site-wide render helpers the theme reads under `render`. */
export interface RenderAssets {
  favicon: string;
}

/** The footer; its newsletter form is read only when the footer shows it (`withNewsletter`). */
async function footerContext(req: PageRequest, page: BuiltPage, withNewsletter: boolean): Promise<Record<string, unknown>> {
  const footer = { ...(headerFooterOf(req.site).footer ?? {}) };
  const newsletter = footer.newsletter as Record<string, unknown> | undefined;
  delete footer.newsletter;
  if (withNewsletter && newsletter && typeof newsletter.formId === 'string') {
    const formsById = req.siteData ? await req.siteData.forms([newsletter.formId]) : await loadForms(readerOf(req), req.site.id, [newsletter.formId]);
    const form = formsById.get(newsletter.formId);
    if (form) {
      const pageFields = pageFieldsOf(
        page.title,
        String((page.context.item as { id?: string } | undefined)?.id ?? ''),
        page.context.item ? 'i' : 'c',
        req.path,
      );
      footer.newsletter = {
        id: 'footer',
        ...newsletter,
        form: formContext(form),
        ...(req.islandsEnabled ? { islandProps: formBlockIslandProps(form, pageFields) } : {}),
      };
    }
  }
  return footer;
}

/**
 * Completes a page's context with what every page shares: `website`, `websiteSettings`,
 * `navigation`, `footer`, `announcement`, `cart`, `showCart`, `pageType`, and the `render`
 * helpers (page title, asset URLs, cart pill texts, the block templates' texts in the page's
 * language, island props, year). Island props are
 * present only when the storefront bundle is built; the theme prints its own markup otherwise.
 */
export async function baseContext(req: PageRequest, page: BuiltPage, assets: RenderAssets): Promise<Record<string, unknown>> {
  const { site } = req;
  const currency = site.settings.currency;
  const locked = page.pageType === PageType.LOCK_SCREEN;
  const ownNewsletter = pageHasNewsletter(page);
  const [cart, fullFooter, popupOverlay] = await Promise.all([
    cartContext(req.db, site, req.cartId, req.collections, cachedPricingSources(req.db, site, req.siteData)),
    locked ? {} : footerContext(req, page, !ownNewsletter),
    popupIslandProps(req, page),
  ]);
  const header = headerFooterOf(site).header ?? {};
  const footer = locked ? {} : ownNewsletter ? { ...fullFooter, newsletter: undefined } : fullFooter;
  // The cart and checkout pages show the cart in full, so the floating pill, which links to the cart, is not mounted there.
  const showsWholeCart = page.templateName === 'cart' || page.pageType === PageType.CHECKOUT;
  const pageRender = Object.fromEntries(Object.entries((page.context.render as Record<string, unknown> | undefined) ?? {}).filter(([, v]) => v !== undefined));
  const pill = req.cartShownByBrowser ? unknownCartPill(currency) : cartPillProps(cart, currency, site.settings.locale);
  const sells = req.collections.some((c) => c.type === CollectionType.PRODUCTS && c.enabled);
  // A site that sells nothing, seen by a visitor with nothing in a cart, gets no cart pill, so its pages load no React.
  const wantsPill = req.islandsEnabled && !showsWholeCart && (sells || Number(pill.totalQuantity) > 0);
  const shopUrl = String(pageRender.shopUrl ?? '/');
  const cartIslands: Record<string, unknown> = {};
  if (req.islandsEnabled && page.pageType === PageType.SHOW_CART) {
    const pay = siteInstalmentContext(site);
    cartIslands.cartPage = cartPageIslandProps(cart, site, shopUrl, {
      afterPayAvailable: pay.afterPayAvailable,
      afterPayMin: pay.afterPayMin,
      afterPayMax: pay.afterPayMax,
    });
  }
  if (req.islandsEnabled && page.pageType === PageType.CHECKOUT) {
    cartIslands.checkout = checkoutIslandProps(cart, site, shopUrl, COUNTRY_BY_CURRENCY[currency] ?? 'US', page.stripe);
  }
  return {
    website: websiteContext(site, { baseUrl: req.origin, authenticUrl: req.siteOrigin }),
    websiteSettings: websiteSettingsContext(site),
    navigation: locked ? {} : navigationContext(site.settings, req.collections, req.path, req.language?.prefix, await requestNavigationAccess(req)),
    footer,
    ...(header.announcement ? { announcement: { text: header.announcement } } : {}),
    showCart: sells,
    cart,
    pageType: page.pageType,
    ...page.context,
    render: {
      headMeta: headMeta(req, page, pageRender.description),
      assets,
      year: req.now.getUTCFullYear(),
      cartPill: pill,
      islandsEnabled: req.islandsEnabled,
      scripts: '',
      styles: '',
      blockTexts: blockTextsOf(pageTextOf(req)),
      ...pageRender,
      islands: {
        ...(wantsPill ? { cartPill: cartPillIslandProps(req.path, req.cartShownByBrowser ? undefined : cart, site) } : {}),
        ...cartIslands,
        ...(popupOverlay ? { popupOverlay } : {}),
        ...(pageRender.islands as object | undefined),
      },
    },
  };
}
