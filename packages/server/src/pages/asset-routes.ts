import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { textResponse, withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { encodedBodies, isCompressible, preferredEncoding } from './asset-encodings.js';
import { parseIllustrationName, renderIllustration } from './illustrations.js';
import type { ThemeAsset } from '@emporium/theme';
import type { Website } from '../sites/index.js';
import { THEME_ASSET_PREFIX, type SystemAsset } from './theme-renderer.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ILLUSTRATION_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/**
 * Serves theme assets under `/static/theme/{name}.{hash}.{ext}` (immutable: the hash changes
 * with the content; text assets brotli- or gzip-compressed once, on first request, when the
 * browser accepts it) and generated illustrations under `/assets/illustrations/{motif}-{palette}.svg`.
 */
export function registerAssetRoutes(
  app: FastifyInstance,
  assets: { system: ReadonlyMap<string, SystemAsset>; themeAsset: (site: Website, url: string) => Promise<ThemeAsset | undefined> },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['assets'];
  const notModified = z.null().describe('Not modified (If-None-Match matched the ETag)');
  const themeSchema = {
    tags,
    summary: 'A theme asset (stylesheet, script, image), immutable under its content hash',
    params: z.object({ file: z.string().describe('{name}.{hash}.{ext}') }),
    response: withErrors({ 200: textResponse('application/octet-stream', 'The asset, with its own media type'), 304: notModified }),
  };
  const encoded = encodedBodies();
  const send = (request: FastifyRequest, reply: FastifyReply, asset: { contentType: string; body: Buffer; hash: string }, cacheKey: string) => {
    const compressible = isCompressible(asset.contentType, asset.body.length);
    const encoding = compressible ? preferredEncoding(request.headers['accept-encoding']) : null;
    const etag = encoding ? `"${asset.hash}-${encoding}"` : `"${asset.hash}"`;
    reply.header('cache-control', IMMUTABLE).header('etag', etag);
    if (compressible) reply.header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
    reply.type(asset.contentType);
    if (!encoding) return reply.send(asset.body);
    return reply.header('content-encoding', encoding).send(encoded(cacheKey, asset.body, encoding));
  };
  routes.get(`${THEME_ASSET_PREFIX}:file`, { schema: themeSchema }, async (request, reply) => {
    const asset = assets.system.get(request.params.file);
    return asset ? send(request, reply, asset, `system/${request.params.file}`) : reply.callNotFound();
  });
  const themeAssetSchema = {
    tags,
    summary: "A file of the site's theme (assets/ and scripts/), immutable under its content hash",
    params: z.object({ '*': z.string().describe('{path}.{hash}.{ext}') }),
    response: withErrors({ 200: textResponse('application/octet-stream', 'The file, with its own media type'), 304: notModified }),
  };
  routes.get('/assets/*', { schema: themeAssetSchema }, async (request, reply) => {
    const site = request.site;
    const asset = site ? await assets.themeAsset(site, request.url.split('?')[0]!) : undefined;
    return asset ? send(request, reply, asset, `${asset.hash}/${asset.path}`) : reply.callNotFound();
  });

  const svgCache = new Map<string, { body: string; etag: string }>();
  const illustrationSchema = {
    tags,
    summary: 'A generated illustration',
    params: z.object({ file: z.string().describe('{motif}-{palette}.svg') }),
    response: withErrors({ 200: textResponse('image/svg+xml', 'SVG image'), 304: notModified }),
  };
  routes.get('/assets/illustrations/:file', { schema: illustrationSchema }, async (request, reply) => {
    const name = parseIllustrationName(request.params.file);
    if (!name) return reply.callNotFound();
    let entry = svgCache.get(request.params.file);
    if (!entry) {
      const body = renderIllustration(name.motif, name.palette);
      entry = { body, etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"` };
      svgCache.set(request.params.file, entry);
    }
    reply.header('cache-control', ILLUSTRATION_CACHE).header('etag', entry.etag);
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send(null);
    return reply.type('image/svg+xml').send(entry.body);
  });
}
