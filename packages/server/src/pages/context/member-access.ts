import {
  decideAccess,
  loadGateIndex,
  MemberAreaMessages,
  membershipConfirmedPath,
  priceText,
  visitorAreaIds,
  type AccessDecision,
  type AreaOffer,
  type GateIndex,
} from '../../member-areas/index.js';
import { pathInLanguage } from '../../multilingual/index.js';
import { readThrough, type PageReader } from '../../site-data/index.js';
import { pageTextOf } from '../../translations/index.js';
import { PageType } from '../../spec/index.js';
import type { CollectionRow } from '../queries.js';
import { collectionContext, collectionSettings } from './collection-context.js';
import { readerOf, type BuiltPage, type PageRequest } from './page-request.js';

const GATES_KEY = 'member-area-gates';

/** The site's member-area gates at this request's page version (read once per version, shared by every visitor). */
export function gateIndexOf(req: PageRequest): Promise<GateIndex> {
  return readThrough(readerOf(req), GATES_KEY, (db) => loadGateIndex(db, req.site.id));
}

/** Starts reading the site's gates into `reader` beside the page's other first reads; a failure is left to the read that needs them. */
export function prefetchGateIndex(reader: PageReader, websiteId: string): void {
  readThrough(reader, GATES_KEY, (db) => loadGateIndex(db, websiteId)).catch(() => undefined);
}

/** The access rule for this visitor and a collection (and one of its items): the visitor's areas are read only when a gate applies. */
export async function accessOf(req: PageRequest, row: CollectionRow, itemId?: string): Promise<AccessDecision> {
  const index = await gateIndexOf(req);
  const target = { collectionId: row.id, membersOnly: collectionSettings(row).access === 'members', itemId };
  const open = decideAccess(index, target, new Set());
  if (open.kind === 'public') return open;
  return decideAccess(index, target, await visitorAreaIds(req.db, req.site.id, req.cookies, req.now));
}

/** An area as the access-denied page offers it: name, description, price and the join link. */
function offerContext(req: PageRequest, offer: AreaOffer) {
  return {
    id: offer.id,
    name: offer.name,
    description: offer.description,
    priceText: priceText(req.site, offer),
    joinUrl: offer.joinUrl,
    // 'Join {name}': the spec's join button text and the area's name, in the page's language.
    joinText: pageTextOf(req)(`${MemberAreaMessages.JOIN_BUTTON} {name}`, { name: offer.name }),
  };
}

/** The access-denied page (106, HTTP 403) of a gated collection or item, offering each area that would open it. */
export function accessDeniedPage(req: PageRequest, row: CollectionRow, offers: readonly AreaOffer[]): BuiltPage {
  return {
    status: 403,
    pageType: PageType.ACCESS_DENIED,
    templateName: 'access-denied',
    title: row.title,
    context: {
      collection: collectionContext(row),
      render: { memberAreas: offers.map((offer) => offerContext(req, offer)), accessDenied: accessDeniedTexts(req) },
    },
  };
}

/** The access-denied page's own texts in the page's language, and its links (sign-in, home) in that language too. */
function accessDeniedTexts(req: PageRequest) {
  const t = pageTextOf(req);
  const prefix = req.language?.prefix ?? '';
  return {
    title: t('Members only'),
    lead: t('This page is part of a member area. Sign in with a member account to see it.'),
    signIn: t('Sign in'),
    backHome: t('Back home'),
    signInUrl: pathInLanguage(prefix, '/account/login'),
    homeUrl: pathInLanguage(prefix, '/'),
  };
}

/** A page opened by membership is for members only: never stored in the shared page cache nor in any other cache. */
export function forMembersOnly(page: BuiltPage): BuiltPage {
  return { ...page, private: true };
}

/**
 * `/checkout/membership-confirmed/{areaId}`, page type 208: shown to a visitor who holds the area,
 * with links to what it opens; null (not found) for anyone else.
 */
export async function membershipConfirmedPage(req: PageRequest, areaId: string): Promise<BuiltPage | null> {
  const index = await gateIndexOf(req);
  const area = index.areas.get(areaId);
  if (!area) return null;
  const held = await visitorAreaIds(req.db, req.site.id, req.cookies, req.now);
  if (!held.has(areaId)) return null;
  const opens = req.collections
    .filter((c) => c.enabled && index.collections.get(c.id)?.includes(areaId))
    .map((c) => ({ title: c.title, url: c.isHomepage ? '/' : `/${c.urlId}` }));
  return {
    status: 200,
    pageType: PageType.MEMBERSHIP_CONFIRMED,
    templateName: 'membership-confirmed',
    title: MemberAreaMessages.MEMBERSHIP_CONFIRMED,
    private: true,
    context: { render: { membership: { ...offerContext(req, area), confirmedUrl: membershipConfirmedPath(areaId), opens } } },
  };
}

/**
 * The rows of a listing the visitor may see: items an area gates are left out for visitors
 * who do not hold it. `members` is true when a membership let a gated item in (the listing is
 * then for this visitor only).
 */
export async function visibleItems<T extends { id: string }>(
  req: PageRequest,
  row: CollectionRow,
  rows: readonly T[],
): Promise<{ rows: T[]; members: boolean }> {
  const index = await gateIndexOf(req);
  if (!rows.some((r) => index.items.has(r.id))) return { rows: [...rows], members: false };
  const held = await visitorAreaIds(req.db, req.site.id, req.cookies, req.now);
  let members = false;
  const shown = rows.filter((r) => {
    if (!index.items.has(r.id)) return true;
    const decision = decideAccess(index, { collectionId: row.id, itemId: r.id }, held);
    if (decision.kind === 'member') members = true;
    return decision.kind !== 'denied';
  });
  return { rows: shown, members };
}

/**
 * The rows of `collection` this visitor may see listed outside the collection's own page (a
 * summary block, a product block, a tag cloud, an archive, the previous and next posts): none of
 * a collection they may not open, and of the rest, no item gated for them. The rows are read for
 * every visitor alike; only this filter depends on who asks.
 */
export async function listedByVisitor<T extends { id: string }>(req: PageRequest, collection: CollectionRow, rows: readonly T[]): Promise<T[]> {
  if (rows.length === 0) return [];
  if ((await accessOf(req, collection)).kind === 'denied') return [];
  return (await visibleItems(req, collection, rows)).rows;
}

/** How this request's blocks print dates and numbers, and which listed items its visitor may see (a `BlockFormats` of blocks-context). */
export function blockFormatsOf(req: PageRequest): {
  locale: string;
  timeZone: string | undefined;
  listed: <T extends { id: string }>(collection: CollectionRow, rows: readonly T[]) => Promise<T[]>;
} {
  return {
    locale: req.site.settings.locale,
    timeZone: req.site.settings.timeZone,
    listed: (collection, rows) => listedByVisitor(req, collection, rows),
  };
}

/** Ids of the search hits the visitor may see: hits in gated collections, or gated themselves, only for members of their areas. */
export async function searchableByVisitor(
  req: PageRequest,
  rows: readonly { id: string; collectionId: string }[],
  collections: ReadonlyMap<string, CollectionRow>,
): Promise<Set<string>> {
  const index = await gateIndexOf(req);
  const targetOf = (row: { id: string; collectionId: string }) => {
    const collection = collections.get(row.collectionId);
    return { collectionId: row.collectionId, itemId: row.id, membersOnly: collection ? collectionSettings(collection).access === 'members' : false };
  };
  const gated = rows.filter((row) => decideAccess(index, targetOf(row), new Set()).kind !== 'public');
  const held = gated.length ? await visitorAreaIds(req.db, req.site.id, req.cookies, req.now) : new Set<string>();
  return new Set(rows.filter((row) => decideAccess(index, targetOf(row), held).kind !== 'denied').map((row) => row.id));
}
