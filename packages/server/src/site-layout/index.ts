import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerHeaderFooterRoutes } from './header-footer-routes.js';
import { registerNavigationRoutes } from './navigation-routes.js';
import { registerPreferenceRoutes } from './preference-routes.js';

export { SiteLayoutMessages } from './messages.js';
export { SiteLayoutPaths } from './paths.js';

export { readPreferences, writePreferences } from './preference-store.js';

/** Registers the site-layout calls of spec 7: navigations, header and footer, commerce preferences. */
export function registerSiteLayoutRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerNavigationRoutes(app, deps);
  registerHeaderFooterRoutes(app, deps);
  registerPreferenceRoutes(app, deps);
}
