import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { draftSetting, editedSetting } from '../drafts/index.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { headerFooterFormOf, headerFooterWith } from './header-footer-store.js';
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

  /** The header and footer as owners edit them: the draft when there is one, else what visitors see. */
  const current = async (websiteId: string) => headerFooterFormOf((await editedSetting(db, websiteId, 'headerFooter')).value);

  routes.get(
    SiteLayoutPaths.HEADER_FOOTER,
    {
      onRequest: noStore,
      preValidation: read,
      schema: {
        tags,
        summary: "The site's header (title, logo, tagline, announcement bar) and footer as owners edit them: the draft when there is one (owner)",
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
        summary: "Replaces the site's header and footer as a draft; visitors see it once the site's drafts are published (owner)",
        body: HeaderFooterBody,
        response: withErrors({ 200: HeaderFooterBody }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const drafted = await draftSetting(db, site.id, 'headerFooter', (value) => headerFooterWith(value, request.body), request.owner?.email ?? '');
      await recordAudit(db, request, { action: 'site.header-footer', subjectType: 'site', subjectId: site.id });
      return headerFooterFormOf(drafted);
    },
  );
}
