import { ANIMATIONS, colorThemesForEditing, DEFAULT_PALETTE, FONT_CATALOG, FONT_THEMES, parseSiteStyles, siteStyleContrastProblems } from '@emporium/theme';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { DbOrTx } from '../db/index.js';
import { draftSetting, editedSetting } from '../drafts/index.js';
import { textResponse, withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { DASHBOARD_FONT_PREFIX, FONT_PATH_PREFIX, fontAssets } from './fonts.js';
import { FontList, SiteStylesBody, SiteStylesView } from './schemas.js';

/** Paths of the site-styles calls. */
export const SiteStylePaths = Object.freeze({
  STYLES: '/api/owner/site-styles',
  FONTS: '/api/owner/site-styles/fonts',
  FONT_FILE: `${FONT_PATH_PREFIX}:file`,
  DASHBOARD_FONT_FILE: `${DASHBOARD_FONT_PREFIX}:file`,
});

const BODY_LIMIT = 64 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const tags = ['design', 'owner'];

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store, private');
}

/** What the Design screen shows of a stored value. */
function viewOf(stored: unknown): z.infer<typeof SiteStylesView> {
  const value = parseSiteStyles(stored);
  return {
    value,
    palette: [...(value.colors?.palette ?? DEFAULT_PALETTE)],
    colorThemes: colorThemesForEditing(value),
    fontThemes: FONT_THEMES.map((t) => ({ id: t.id, name: t.name, usage: t.usage })),
    animations: [...ANIMATIONS],
    contrast: siteStyleContrastProblems(value),
  };
}

async function editedStyles(db: DbOrTx, websiteId: string): Promise<unknown> {
  return (await editedSetting(db, websiteId, 'siteStyles')).value;
}

/**
 * Registers the site styles: the owner's read and change of `settings.siteStyles` (drafted, so
 * visitors see a change once the site's drafts are published; `settings:read`/`settings:write`),
 * the curated font list, and the font files themselves, served from our own origin under an
 * immutable, content-hashed URL (no page ever names a third-party font host).
 */
export function registerSiteStyleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = requireOwner(db, deps.config.ownerToken, 'settings:read');
  const write = requireOwner(db, deps.config.ownerToken, 'settings:write');

  routes.get(
    SiteStylePaths.STYLES,
    {
      onRequest: noStore,
      preValidation: read,
      schema: {
        tags,
        summary: 'The site styles as drafted, with the colour themes they make and their contrast problems (owner)',
        response: withErrors({ 200: SiteStylesView }),
      },
    },
    async (request) => viewOf(await editedStyles(db, siteOf(request).id)),
  );

  routes.put(
    SiteStylePaths.STYLES,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Replaces the site styles, as a draft published with the site (owner); a value refused is 400 with its fields and saves nothing',
        body: SiteStylesBody,
        response: withErrors({ 200: SiteStylesView }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const value = request.body;
      await draftSetting(db, site.id, 'siteStyles', () => value, request.owner?.email ?? '');
      await recordAudit(db, request, { action: 'site.styles', subjectType: 'website', subjectId: site.id, detail: { parts: Object.keys(value) } });
      return viewOf(value);
    },
  );

  routes.get(
    SiteStylePaths.FONTS,
    {
      onRequest: noStore,
      preValidation: read,
      schema: { tags, summary: 'The fonts owners may choose, each served from our own origin (owner)', response: withErrors({ 200: FontList }) },
    },
    async () => {
      const assets = fontAssets();
      return {
        fonts: FONT_CATALOG.map((font) => {
          const url = assets.urlOf(font) ?? '';
          return {
            id: font.id,
            family: font.family,
            category: font.category,
            weights: [...font.weights],
            url,
            previewUrl: url.replace(FONT_PATH_PREFIX, DASHBOARD_FONT_PREFIX),
          };
        }),
      };
    },
  );

  const fontFileSchema = (summary: string) => ({
    tags: ['assets'],
    summary,
    params: z.object({ file: z.string().max(100).describe('{font}.{hash}.woff2') }),
    response: withErrors({ 200: textResponse('font/woff2', 'The font'), 304: z.null().describe('Not modified') }),
  });
  const sendFont = async (name: string, request: FastifyRequest, reply: FastifyReply) => {
    const file = fontAssets().byName.get(name);
    if (!file) return reply.callNotFound();
    const etag = `"${file.hash}"`;
    reply.header('cache-control', IMMUTABLE).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
    return reply.type('font/woff2').send(file.body);
  };
  routes.get(
    SiteStylePaths.FONT_FILE,
    { schema: fontFileSchema('A font file of the catalogue (latin woff2), immutable under its content hash') },
    async (request, reply) => sendFont(request.params.file, request, reply),
  );
  // The dashboard's origin answers dashboard paths only: the Design screen's previews load the same files from here.
  routes.get(
    SiteStylePaths.DASHBOARD_FONT_FILE,
    { schema: fontFileSchema("A font file of the catalogue on the dashboard's origin, for the Design screen's previews") },
    async (request, reply) => (request.adminOrigin ? sendFont(request.params.file, request, reply) : reply.callNotFound()),
  );
}
