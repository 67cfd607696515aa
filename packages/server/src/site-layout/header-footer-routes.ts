import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { websites } from '../db/index.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { headerFooterForm, writeHeaderFooter } from './header-footer-store.js';
import { noStore } from './navigation-routes.js';
import { SITE_LAYOUT_BODY_LIMIT, SiteLayoutPaths } from './paths.js';
import { HeaderFooterBody } from './schemas.js';

const tags = ['owner', 'site layout'];

/**
 * Registers the header and footer calls (read, replace). They are part of the site's design:
 * reading needs `settings:read`, changing `settings:write`, like the Design calls.
 */
export function registerHeaderFooterRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = requireOwner(db, deps.config.ownerToken, 'settings:read');
  const write = requireOwner(db, deps.config.ownerToken, 'settings:write');

  const current = async (websiteId: string) => {
    const [row] = await db.select({ title: websites.title, settings: websites.settings }).from(websites).where(eq(websites.id, websiteId)).limit(1);
    return headerFooterForm(row?.title ?? '', row?.settings ?? {});
  };

  routes.get(
    SiteLayoutPaths.HEADER_FOOTER,
    {
      onRequest: noStore,
      preValidation: read,
      schema: {
        tags,
        summary: "The site's header (title, logo, tagline, announcement bar) and footer (owner)",
        response: withErrors({ 200: HeaderFooterBody }),
      },
    },
    async (request) => current(siteOf(request).id),
  );

  routes.put(
    SiteLayoutPaths.HEADER_FOOTER,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: SITE_LAYOUT_BODY_LIMIT,
      schema: {
        tags,
        summary: "Replaces the site's header and footer; the storefront's pages change at once (owner)",
        body: HeaderFooterBody,
        response: withErrors({ 200: HeaderFooterBody }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      await db.transaction(async (tx) => {
        await writeHeaderFooter(tx, site.id, request.body);
        await recordAudit(tx, request, { action: 'site.header-footer', subjectType: 'site', subjectId: site.id });
      });
      deps.resolver.invalidate();
      return current(site.id);
    },
  );
}
