import { adjacentPosts, findItem, listItems, movedItemUrlId, publishedCategories, type CollectionRow } from '../queries.js';
import { CollectionType, PageType } from '../../spec/index.js';
import { resolveBlocks } from './blocks-context.js';
import { pageBlocksFor, previewItem, previewListing, previewMovedUrlId } from '../../drafts/index.js';
import { collectionContext, collectionKind, collectionSettings, pageSizeOf, paginationContext } from './collection-context.js';
import { itemContext, plainText } from './item-context.js';
import { itemSeoOf } from '../../seo/index.js';
import { approvedComments, publicCommentCounts } from '../../comments/index.js';
import {
  commentsIslandProps,
  galleryIslandProps,
  likeIslandProps,
  postLightboxProps,
  shareButtonOptionsOf,
  shareIslandProps,
  shareNetworksOf,
} from './content-island-props.js';
import { pageFieldsOf, quickViewIslandProps } from './island-props.js';
import { readerOf, type BuiltPage, type PageRequest } from './page-request.js';
import { readThrough } from '../../site-data/index.js';
import { enrichProducts } from './product-items.js';
import { productPageExtras } from './product-page.js';
import { notFoundPage } from './system-pages.js';
import { collectionUnlocked } from '../page-access.js';
import { accessDeniedPage, accessOf, blockFormatsOf, forMembersOnly, listedByVisitor, visibleItems } from './member-access.js';
import { courseOverviewPage, lessonPage, type CoursePageTools } from '../../courses/index.js';

const MAX_PAGE = 10_000;
/** Longest category a filter link carries (the catalogue's limit of one category). */
const CATEGORY_MAX = 80;

/** A store's category filter: the categories set on the store first, then those typed on its products. */
function withProductCategories(storeCategories: readonly string[], productCategories: readonly string[]): string[] {
  const listed = new Set(storeCategories);
  return [...storeCategories, ...productCategories.filter((category) => !listed.has(category))];
}

function pageNumber(raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return 1;
  if (!/^\d{1,5}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= MAX_PAGE ? n : null;
}

/** The protected (105) or access-denied (106) page when the visitor may not open the collection (or one of its items); else whether a membership opened it. */
async function accessPage(req: PageRequest, row: CollectionRow, itemId?: string): Promise<BuiltPage | 'public' | 'member'> {
  const access = collectionSettings(row).access;
  if (access === 'password' && !collectionUnlocked(req, row)) {
    return { status: 401, pageType: PageType.PROTECTED, templateName: 'protected', title: row.title, context: { collection: collectionContext(row) } };
  }
  const decision = await accessOf(req, row, itemId);
  return decision.kind === 'denied' ? accessDeniedPage(req, row, decision.offers) : decision.kind;
}

/** Public comment counts of blog posts, read through the page's reader. */
function commentCounts(req: PageRequest, ids: string[]): Promise<Map<string, number>> {
  return readThrough(readerOf(req), `comment-counts:${[...ids].sort().join(',')}`, (db) => publicCommentCounts(db, req.site.id, ids));
}

/** A page collection (page type 2): its blocks, resolved. */
async function contentPage(req: PageRequest, row: CollectionRow): Promise<BuiltPage> {
  const page = pageFieldsOf(row.title, row.id, 'c', req.path);
  const settings = collectionSettings(row);
  const { blocks, merchandising } = await resolveBlocks(
    readerOf(req),
    req.site.id,
    pageBlocksFor(settings.blocks, req.preview === true),
    req.collections,
    req.site.settings.currency,
    req.now,
    req.islandsEnabled ? page : null,
    req.siteData?.forms,
    blockFormatsOf(req),
  );
  const collection = { ...collectionContext(row), blocks };
  return {
    status: 200,
    pageType: PageType.PAGE,
    templateName: 'page',
    title: row.isHomepage ? req.site.title : row.title,
    context: { collection, productMerchandisingContext: merchandising },
  };
}

/** `/` or `/{collectionUrlId}`: a page collection, or a paginated listing (page type 1). */
export async function collectionPage(req: PageRequest, row: CollectionRow): Promise<BuiltPage> {
  const access = await accessPage(req, row);
  if (typeof access !== 'string') return access;
  const page = row.type === CollectionType.COURSE ? await courseOverviewPage(req, row, courseTools(req, row)) : await openCollectionPage(req, row);
  return access === 'member' ? forMembersOnly(page) : page;
}

/** What a course page borrows of the page module: the collection's context and the page's block renderer. */
function courseTools(req: PageRequest, row: CollectionRow): CoursePageTools {
  const page = pageFieldsOf(row.title, row.id, 'c', req.path);
  const blocksOf = async (blocks: readonly Record<string, unknown>[]) =>
    (
      await resolveBlocks(
        readerOf(req),
        req.site.id,
        blocks,
        req.collections,
        req.site.settings.currency,
        req.now,
        req.islandsEnabled ? page : null,
        req.siteData?.forms,
        blockFormatsOf(req),
      )
    ).blocks;
  return { collection: collectionContext(row), resolveBlocks: blocksOf };
}

async function openCollectionPage(req: PageRequest, row: CollectionRow): Promise<BuiltPage> {
  const kind = collectionKind(row);
  if (kind === 'page') return contentPage(req, row);
  const page = pageNumber(req.query.page);
  if (page === null) return notFoundPage();
  const tag = req.query.tag?.slice(0, 50) || undefined;
  const category = req.query.category?.slice(0, CATEGORY_MAX) || undefined;
  const pageSize = pageSizeOf(row);
  const published = await listItems(readerOf(req), req.site.id, row.id, {
    kind,
    limit: pageSize,
    offset: (page - 1) * pageSize,
    tag,
    category,
    now: req.now,
  });
  // The preview lists drafted posts (new ones too) in place of the published ones (a tag or category listing shows the published posts).
  const listed =
    req.drafts && !tag && !category
      ? await previewListing(
          req.db,
          req.site.id,
          row.id,
          published.rows,
          req.drafts,
          req.now,
          kind === 'blog' ? 'newest' : kind === 'gallery' ? 'place' : 'kept',
        )
      : published.rows;
  const total = published.total + listed.length - published.rows.length;
  if (page > 1 && listed.length === 0) return notFoundPage();
  const { rows, members } = await visibleItems(req, row, listed);
  const counts =
    kind === 'blog'
      ? await commentCounts(
          req,
          rows.map((r) => r.id),
        )
      : new Map<string, number>();
  const items = rows.map((r) => itemContext(r, row, counts.get(r.id) ?? 0));
  const merchandising = kind === 'products' ? (await enrichProducts(readerOf(req), req.site.id, items, req.site.settings.currency)).merchandising : {};
  if (kind === 'products' && req.islandsEnabled) for (const item of items) item.islandProps = quickViewIslandProps(item);
  const collection = collectionContext(row);
  if (kind === 'products')
    collection.categories = withProductCategories(collection.categories, await publishedCategories(readerOf(req), req.site.id, row.id, req.now));
  const filter = tag ? { label: `tagged “${tag}”` } : category ? { label: `in “${category}”` } : undefined;
  const built: BuiltPage = {
    status: 200,
    pageType: PageType.MAIN_CONTENT,
    templateName: `${kind}.list`,
    title: row.title,
    context: {
      collection,
      items,
      pagination: paginationContext(collection.fullUrl, page, pageSize, total, { tag, category }),
      productMerchandisingContext: merchandising,
      render: {
        category: category ?? '',
        filter,
        islands:
          kind === 'gallery' && req.islandsEnabled ? { gallery: galleryIslandProps(row.title, items, collectionSettings(row).gallery ?? {}) } : undefined,
      },
    },
  };
  return members ? forMembersOnly(built) : built;
}

/** `/{collectionUrlId}/{itemUrlId}`: an item page (page type 50), or not found. */
export async function itemPage(req: PageRequest, row: CollectionRow, itemUrlId: string): Promise<BuiltPage> {
  if (row.type === CollectionType.COURSE) {
    const access = await accessPage(req, row);
    if (typeof access !== 'string') return access;
    const lesson = await lessonPage(req, row, itemUrlId, courseTools(req, row));
    return lesson ? (access === 'member' ? forMembersOnly(lesson) : lesson) : notFoundPage();
  }
  const kind = collectionKind(row);
  const publishedItem = kind === 'page' || kind === 'gallery' ? undefined : await findItem(readerOf(req), req.site.id, row.id, itemUrlId, req.now);
  const found =
    req.drafts && kind !== 'page' && kind !== 'gallery'
      ? await previewItem(req.db, req.site.id, row.id, itemUrlId, publishedItem, req.drafts, req.now)
      : publishedItem;
  const access = await accessPage(req, row, found?.id);
  if (typeof access !== 'string') return access;
  if (!found) {
    // In the preview, a post whose slug is drafted to change answers its published address with a redirect to the drafted one.
    const drafted =
      req.drafts && kind !== 'page' && kind !== 'gallery' ? await previewMovedUrlId(req.db, req.site.id, row.id, itemUrlId, req.drafts, req.now) : undefined;
    if (drafted) return { ...notFoundPage(), movedTo: `/${row.urlId}/${encodeURIComponent(drafted)}`, movedForPreview: true };
    // A post whose slug the owner changed answers its old address with a redirect to the new one.
    const moved = kind === 'page' || kind === 'gallery' ? undefined : await movedItemUrlId(req.db, req.site.id, row.id, itemUrlId, req.now);
    return moved ? { ...notFoundPage(), movedTo: `/${row.urlId}/${encodeURIComponent(moved)}` } : notFoundPage();
  }
  const page = await openItemPage(req, row, found);
  return access === 'member' ? forMembersOnly(page) : page;
}

async function openItemPage(req: PageRequest, row: CollectionRow, found: NonNullable<Awaited<ReturnType<typeof findItem>>>): Promise<BuiltPage> {
  const kind = collectionKind(row);
  const item = itemContext(found, row);
  const context: Record<string, unknown> = { collection: collectionContext(row), item };
  const render: Record<string, unknown> = {};
  if (kind === 'products') {
    const { render: productRender, ...extras } = await productPageExtras(req, row, found, item);
    Object.assign(context, extras);
    Object.assign(render, productRender);
  }
  if (kind === 'blog') {
    const [{ newer, older }, comments] = await Promise.all([
      adjacentPosts(readerOf(req), req.site.id, found, req.now),
      readThrough(readerOf(req), `comments:${found.id}`, (db) => approvedComments(db, req.site.id, found.id)),
    ]);
    // A neighbour gated for this visitor is not named (its title and link would show what it is).
    const [shownNewer] = newer ? await listedByVisitor(req, row, [newer]) : [];
    const [shownOlder] = older ? await listedByVisitor(req, row, [older]) : [];
    render.adjacent =
      shownNewer || shownOlder ? { newer: shownNewer && itemContext(shownNewer, row), older: shownOlder && itemContext(shownOlder, row) } : undefined;
    item.comments = comments;
    item.publicCommentCount = comments.length;
    if (req.islandsEnabled) {
      render.islands = {
        comments: commentsIslandProps(req.site, { id: found.id, commentState: item.commentState }, comments, req.now),
        ...(req.site.settings.simpleLikingEnabled ? { like: likeIslandProps(found.id, found.likeCount) } : {}),
        share: shareIslandProps(
          `${req.origin}${item.fullUrl}`,
          found.title,
          found.assetUrl ? `${req.origin}${found.assetUrl}` : undefined,
          shareNetworksOf(shareButtonOptionsOf(req.site.settings as Record<string, unknown>)),
        ),
        lightbox: postLightboxProps(found.title, item.images),
      };
    }
  }
  const seo = itemSeoOf(found.structuredContent);
  render.description = seo.description || (found.excerpt ? plainText(found.excerpt).slice(0, 300) : undefined);
  const socialImage = found.structuredContent.socialImageUrl;
  if (typeof socialImage === 'string' && socialImage) render.socialImage = socialImage;
  return { status: 200, pageType: PageType.ITEM, templateName: `${kind}.item`, title: seo.title || found.title, context: { ...context, render } };
}
