/** The owner's Pages: the site's pages of every kind, their settings and blocks, order, copies. */
export { registerSitePageRoutes, PagePaths } from './routes.js';
export { PageMessages, MAX_BLOCKS, PAGE_KINDS, type PageKind, type PageView } from './schemas.js';
export { pageKindOf } from './page-kinds.js';
