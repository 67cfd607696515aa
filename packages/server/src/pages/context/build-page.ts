import type { PageRoute } from '../page-route.js';
import type { CollectionRow } from '../queries.js';
import { PageType } from '../../spec/index.js';
import { collectionPage, itemPage } from './collection-pages.js';
import { orderReceivedPage, orderStatusPage, subscriptionCheckoutPage } from './checkout-pages.js';
import { contributionConfirmedPage, donatePage } from './donation-pages.js';
import type { BuiltPage, PageRequest } from './page-request.js';
import { membershipConfirmedPage } from './member-access.js';
import { cartPage, checkoutPage, lockScreenPage, notFoundPage, orderConfirmedPage, searchPage } from './system-pages.js';

/** A static page of the theme (`pages/{name}.page`): the theme's template is the whole main content. */
function themeStaticPage(name: string, page: { title: string; description: string }): BuiltPage {
  return {
    status: 200,
    pageType: PageType.PAGE,
    templateName: `static:${name}`,
    title: page.title,
    context: { render: { description: page.description || undefined } },
  };
}

/** Links and folders are entries of the navigation, not pages a visitor opens. */
function isOpenable(row: CollectionRow): boolean {
  const kind = row.settings.kind;
  return row.enabled && kind !== 'link' && kind !== 'folder';
}

/**
 * Where a page whose URL slug the owner changed lives now: `/{new}` (or `/{new}/{item}`) when
 * no page has the route's slug and an enabled page had it before; undefined otherwise.
 */
export function movedPagePath(req: PageRequest, route: PageRoute): string | undefined {
  if (req.site.settings.lockScreen === true || (route.kind !== 'collection' && route.kind !== 'item')) return undefined;
  const urlId = route.collectionUrlId;
  if (req.collections.some((c) => c.urlId === urlId)) return undefined;
  const moved = req.collections.find(
    (c) => isOpenable(c) && Array.isArray(c.settings.previousUrlIds) && (c.settings.previousUrlIds as unknown[]).includes(urlId),
  );
  if (!moved) return undefined;
  const base = moved.isHomepage && route.kind === 'collection' ? '/' : `/${moved.urlId}`;
  return route.kind === 'item' ? `/${moved.urlId}/${encodeURIComponent(route.itemUrlId)}` : base;
}

/** Builds the page a route names for one website; unknown collections and items are not found. */
export async function buildPage(req: PageRequest, route: PageRoute): Promise<BuiltPage> {
  if (req.site.settings.lockScreen === true) return lockScreenPage();
  switch (route.kind) {
    case 'home': {
      const home = req.collections.find((c) => c.isHomepage && c.enabled) ?? req.collections.find((c) => c.enabled);
      return home ? collectionPage(req, home) : notFoundPage();
    }
    case 'collection': {
      const row = req.collections.find((c) => c.urlId === route.collectionUrlId && isOpenable(c));
      if (row) return collectionPage(req, row);
      const staticPage = req.themePages?.get(route.collectionUrlId);
      return staticPage ? themeStaticPage(route.collectionUrlId, staticPage) : notFoundPage();
    }
    case 'item': {
      const row = req.collections.find((c) => c.urlId === route.collectionUrlId && isOpenable(c));
      return row ? itemPage(req, row, route.itemUrlId) : notFoundPage();
    }
    case 'cart':
      return cartPage(req);
    case 'checkout':
      return checkoutPage(req);
    case 'order-confirmed':
      return orderConfirmedPage(req, route.orderId);
    case 'order-received':
      return orderReceivedPage(req, route.orderId);
    case 'subscription-checkout':
      return subscriptionCheckoutPage(req);
    case 'order-status':
      return orderStatusPage(req, route.orderId);
    case 'donate':
      return donatePage(req);
    case 'contribution-confirmed':
      return contributionConfirmedPage(req, route.donationId);
    case 'membership-confirmed':
      return (await membershipConfirmedPage(req, route.areaId)) ?? notFoundPage();
    case 'search':
      return searchPage(req);
    case 'not-found':
      return notFoundPage();
  }
}
