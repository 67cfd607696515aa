import { escapeHtml } from '@emporium/template';
import { type ExpandedTemplate, QUERY_LIMITS } from '@emporium/theme';
import type { ActiveTheme, SiteStyle } from '../../themes/index.js';
import { CollectionType, PageType } from '../../spec/index.js';
import { listItems } from '../queries.js';
import { fieldBlocksFor } from '../../drafts/index.js';
import { resolveBlocks } from './blocks-context.js';
import { collectionKind } from './collection-context.js';
import { itemContext } from './item-context.js';
import { blockFormatsOf, listedByVisitor } from './member-access.js';
import { requestNavigationAccess } from './navigation-access.js';
import { namedNavigation, type NavItemContext } from './navigation-context.js';
import { readerOf, type BuiltPage, type PageRequest } from './page-request.js';
import { pageFieldsOf } from './island-props.js';
import { inlineStyleText } from '../system-style.js';

/** The fallback stored navigation of a theme's first and second declared navigations. */
const NAVIGATION_FALLBACKS = ['mainNavigation', 'footerNavigation'] as const;

/** The layout a page renders with: the owner's choice for its collection when the theme has it, else the default. */
export function layoutOf(req: PageRequest, page: BuiltPage, theme: ActiveTheme): string {
  const source = theme.compiled.source;
  const collectionId = (page.context.collection as { id?: string } | undefined)?.id;
  const chosen = collectionId ? ((req.site.settings.pageLayouts as Record<string, unknown> | undefined)?.[collectionId] as string | undefined) : undefined;
  return chosen && source.layouts.has(chosen) ? chosen : source.defaultLayout;
}

/** The theme's template that renders the page's main content, if the theme has its own. */
function mainTemplateSource(theme: ActiveTheme, templateName: string): ExpandedTemplate | undefined {
  const source = theme.compiled.source;
  if (templateName.startsWith('static:')) return source.pages.get(templateName.slice('static:'.length))?.template;
  const dot = templateName.lastIndexOf('.');
  if (dot < 0) return undefined;
  const collection = source.collections.get(templateName.slice(0, dot));
  return templateName.endsWith('.list') ? collection?.list : collection?.item;
}

/** `collection-{id}`, `item-{id}` or `page-{template}`. */
function pageIdOf(page: BuiltPage): string {
  const item = page.context.item as { id?: string } | undefined;
  const collection = page.context.collection as { id?: string } | undefined;
  if (item?.id) return `item-${item.id}`;
  if (collection?.id) return `collection-${collection.id}`;
  return `page-${page.templateName.replace(/[^a-z0-9-]/gi, '-')}`;
}

function pageClassesOf(page: BuiltPage, layout: string, tweakClasses: readonly string[]): string {
  const collection = page.context.collection as { id?: string; typeName?: string } | undefined;
  const classes = [`page-type-${page.pageType}`];
  if (collection?.typeName) classes.push(`collection-type-${collection.typeName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`);
  classes.push(page.context.item ? 'view-item' : 'view-list');
  if (collection?.id) classes.push(`collection-${collection.id}`);
  classes.push(`layout-${layout}`, ...tweakClasses);
  return classes.map((c) => escapeHtml(c)).join(' ');
}

/** The folder holding the current page in a navigation: its entries, or undefined. */
function folderOf(items: readonly NavItemContext[]): { items: NavItemContext[] } | undefined {
  for (const item of items) {
    if (item.items.length && (item.active || item.folderActive)) return { items: item.items };
    const inner = folderOf(item.items);
    if (inner) return inner;
  }
  return undefined;
}

/** Replaces `{path}` references of a query attribute with values of the page context. */
function resolveAttribute(value: string, context: Record<string, unknown>): string {
  return value.replace(/\{([A-Za-z0-9_.-]+)\}/g, (_m, path: string) => {
    for (const root of [context, context.collection, context.item]) {
      let at: unknown = root;
      for (const part of path.split('.')) at = at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined;
      if (typeof at === 'string' || typeof at === 'number') return String(at);
    }
    return '';
  });
}

/**
 * What the theme's expanded tags read under `render.theme` for one page: its navigations, the
 * blocks of its block fields, the items of its queries, the head (`{squarespace-headers}`), the
 * page id and classes. Only the templates this page renders (its layout, its main template and
 * the theme's blocks) are looked at; queries beyond the eighth are not run.
 */
export async function themeRenderContext(
  req: PageRequest,
  page: BuiltPage,
  context: Record<string, unknown>,
  theme: ActiveTheme,
  style: SiteStyle,
  head: { headMeta: string; headScripts: string; styles: string; favicon: string; systemStyle: string },
): Promise<Record<string, unknown>> {
  const source = theme.compiled.source;
  const layout = layoutOf(req, page, theme);
  const templates = [source.layouts.get(layout), mainTemplateSource(theme, page.templateName), ...source.blocks.values()].filter(
    (t): t is ExpandedTemplate => t !== undefined,
  );
  const locked = page.pageType === PageType.LOCK_SCREEN;

  const navigations: Record<string, { items: NavItemContext[] }> = {};
  const access = locked ? undefined : await requestNavigationAccess(req);
  let folderNavigation: { items: NavItemContext[] } | undefined;
  for (const [index, decl] of source.navigations.entries()) {
    const nav = locked
      ? { items: [] }
      : namedNavigation(req.site.settings, req.collections, req.path, decl.name, NAVIGATION_FALLBACKS[index], req.language?.prefix, access);
    navigations[decl.name.replace(/[^A-Za-z0-9_]/g, '_')] = nav;
    folderNavigation ??= folderOf(nav.items);
  }

  const storedFields = (req.site.settings.blockFields ?? {}) as Record<string, unknown>;
  const fields = locked ? [] : templates.flatMap((t) => t.blockFields);
  const pageFields = req.islandsEnabled
    ? pageFieldsOf(page.title, String((page.context.item as { id?: string } | undefined)?.id ?? ''), page.context.item ? 'i' : 'c', req.path)
    : null;
  const blockFields: Record<string, unknown> = {};
  await Promise.all(
    [...new Map(fields.map((f) => [f.key, f])).values()].map(async (field) => {
      const { blocks } = await resolveBlocks(
        readerOf(req),
        req.site.id,
        fieldBlocksFor(storedFields[field.id], field.id, req.preview === true),
        req.collections,
        req.site.settings.currency,
        req.now,
        pageFields,
        req.siteData?.forms,
        blockFormatsOf(req),
      );
      blockFields[field.key] = { id: field.id, label: field.label, blocks };
    }),
  );

  const queries: Record<string, unknown> = {};
  const wanted = locked ? [] : templates.flatMap((t) => t.queries).slice(0, QUERY_LIMITS.perPage);
  await Promise.all(
    wanted.map(async (query) => {
      const urlId = resolveAttribute(query.collection, context);
      // The collection with that URL id; else, as our extension, the first collection of that kind
      // (`collection="blog"` finds a site's blog wherever it lives).
      const listable = req.collections.filter((c) => c.enabled && c.type !== CollectionType.PAGE);
      const row = listable.find((c) => c.urlId === urlId) ?? listable.find((c) => collectionKind(c) === urlId);
      if (!row) {
        queries[query.key] = { items: [] };
        return;
      }
      const { rows } = await listItems(readerOf(req), req.site.id, row.id, {
        kind: collectionKind(row),
        limit: query.limit,
        offset: query.skip,
        anyTag: query.tags,
        anyCategory: query.categories,
        starred: query.featured,
        now: req.now,
        count: false,
      });
      queries[query.key] = {
        collection: { id: row.id, title: row.title, urlId: row.urlId, fullUrl: row.isHomepage ? '/' : `/${row.urlId}` },
        // A theme's query lists only what this visitor may open (the member-area rule).
        items: (await listedByVisitor(req, row, rows)).map((r) => itemContext(r, row)),
      };
    }),
  );

  const headers = [
    head.headScripts,
    head.headMeta,
    `<link rel="icon" href="${escapeHtml(head.favicon)}"${/\.svg(\?|$)/i.test(head.favicon) ? ' type="image/svg+xml"' : ''}>`,
    head.styles,
    // The system stylesheet first (its marker: spliced in as bytes), so the theme's CSS wins ties.
    `${head.systemStyle}${style.css ? `<style>${inlineStyleText(style.css)}</style>` : ''}`,
  ]
    .filter(Boolean)
    .join('\n');
  const sells = req.collections.some((c) => c.type === CollectionType.PRODUCTS && c.enabled);
  return {
    navigations,
    ...(folderNavigation ? { folderNavigation } : {}),
    blockFields,
    queries,
    headers,
    pageId: escapeHtml(pageIdOf(page)),
    pageClasses: pageClassesOf(page, layout, style.bodyClasses),
    cartClasses: sells ? 'cart-enabled' : '',
    layout,
    tweaks: Object.fromEntries(theme.compiled.tweaks.filter((t) => t.js).map((t) => [t.title, style.values[t.title]])),
  };
}
