/** Site styles beyond a theme's tweaks: palette and colour themes, self-hosted fonts, animations (decision 0050). */
export { registerSiteStyleRoutes, SiteStylePaths } from './routes.js';
export { fontPreloadTags, siteStylesOutput } from './compile.js';
export { FONT_PATH_PREFIX } from './fonts.js';
