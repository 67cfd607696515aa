import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { websites } from '../db/index.js';
import { eq } from 'drizzle-orm';
import { AppError } from '../errors/index.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { draftSetting, editedSetting } from '../drafts/index.js';
import { listAreas } from '../member-areas/index.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { SiteLayoutMessages as M } from './messages.js';
import { navigationWith, pageIdsOf, pagesOfSite, siteLayout } from './navigation-store.js';
import { SITE_LAYOUT_BODY_LIMIT, SiteLayoutPaths } from './paths.js';
import { type NavigationEntry, SiteLayout, UpdateNavigationBody } from './schemas.js';

const tags = ['owner', 'site layout'];

/** Who sees a layout answer: the owner only, never a shared cache. */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store, private');
}

/** The per-entry refusals of a navigation (field path to message): pages and member areas not on the site. */
function entryRefusals(
  items: readonly NavigationEntry[],
  pages: ReadonlySet<string>,
  areas: ReadonlySet<string>,
  prefix = 'navigation.items',
): Record<string, string> {
  const fields: Record<string, string> = {};
  items.forEach((item, index) => {
    const at = `${prefix}.${index}`;
    if (item.collectionId && !pages.has(item.collectionId)) fields[`${at}.collectionId`] = M.NO_SUCH_PAGE;
    if (item.memberAreaId && !areas.has(item.memberAreaId)) fields[`${at}.memberAreaId`] = M.NO_SUCH_MEMBER_AREA;
    Object.assign(fields, entryRefusals(item.items ?? [], pages, areas, `${at}.items`));
  });
  return fields;
}

/**
 * Registers GetSiteLayout (the navigations the site's theme declares, with their entries and the
 * site's pages) and UpdateNavigation (drafts one navigation's entries; visitors see them once
 * the site's drafts are published).
 * Navigation is content: reading needs `content:read`, changing `content:write`.
 */
export function registerNavigationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, themes } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = requireOwner(db, deps.config.ownerToken, 'content:read');
  const write = requireOwner(db, deps.config.ownerToken, 'content:write');

  /** The site's settings with its navigations as owners edit them (drafted ones in place of the published) and its theme. */
  const layoutOf = async (websiteId: string) => {
    const [row] = await db.select({ settings: websites.settings }).from(websites).where(eq(websites.id, websiteId)).limit(1);
    const published = row?.settings ?? {};
    const navigation = await editedSetting(db, websiteId, 'navigation');
    const settings = navigation.drafted ? { ...published, navigation: navigation.value ?? undefined } : published;
    return { settings, theme: await themes.forSettings(published) };
  };

  routes.get(
    SiteLayoutPaths.SITE_LAYOUT,
    {
      onRequest: noStore,
      preValidation: read,
      schema: {
        tags,
        summary:
          "The site's navigations (those its theme declares) with their entries as owners edit them (drafts in place of the published), and its pages (owner)",
        response: withErrors({ 200: SiteLayout }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { settings, theme } = await layoutOf(site.id);
      return siteLayout(db, site.id, settings, theme);
    },
  );

  routes.post(
    SiteLayoutPaths.UPDATE_NAVIGATION,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: SITE_LAYOUT_BODY_LIMIT,
      schema: {
        tags,
        summary: `Replaces the entries of one navigation of the site's theme, as a draft that the next publish makes live; 404 '${M.NO_NAVIGATION}' when the theme has no navigation of that name, 409 when the theme changed, 400 naming entries that open pages or member areas not on the site (owner)`,
        body: UpdateNavigationBody,
        response: withErrors({ 200: SiteLayout }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { fieldName, templateId, navigation } = request.body;
      const { theme } = await layoutOf(site.id);
      if (!theme.compiled.source.navigations.some((decl) => decl.name === fieldName)) throw new AppError('NOT_FOUND', M.NO_NAVIGATION);
      if (templateId !== theme.id) throw new AppError('CONFLICT', M.THEME_CHANGED);
      const items = navigation.items as NavigationEntry[];
      const [pages, areas] = await Promise.all([pagesOfSite(db, site.id, pageIdsOf(items)), listAreas(db, site.id)]);
      const fields = entryRefusals(items, pages, new Set(areas.map((area) => area.id)));
      if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', M.NAVIGATION_REFUSED, { body: { fields } });
      await draftSetting(db, site.id, 'navigation', (current) => navigationWith(current, fieldName, items), request.owner?.email ?? '');
      await recordAudit(db, request, { action: 'navigation.update', subjectType: 'navigation', subjectId: fieldName, detail: { entries: items.length } });
      const now = await layoutOf(site.id);
      return siteLayout(db, site.id, now.settings, now.theme);
    },
  );
}
