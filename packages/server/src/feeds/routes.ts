import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { siteOf } from '../content/index.js';
import { notFound } from '../errors/index.js';
import { textResponse, withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { canonicalOrigin } from '../sites/index.js';
import { blogRss } from './blog-feed.js';
import { BlogParams } from './schemas.js';

/** Content type of RSS responses. */
export const RSS_CONTENT_TYPE = 'application/rss+xml; charset=utf-8';

const URL_ID = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,199}$/;

async function sendFeed(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, urlId: string): Promise<FastifyReply> {
  const site = siteOf(request);
  const xml = URL_ID.test(urlId) ? await blogRss(deps.db, site, urlId, canonicalOrigin(site, deps.config)) : undefined;
  if (xml === undefined) throw notFound('This blog has no feed.');
  return reply.type(RSS_CONTENT_TYPE).header('cache-control', 'public, max-age=300').send(xml);
}

/** The blog URL id of a `/{blogUrlId}?format=rss` request, else undefined. */
export function rssFormatTarget(url: string): string | undefined {
  const [path = '', query = ''] = url.split('?', 2);
  if (!new URLSearchParams(query).getAll('format').includes('rss')) return undefined;
  const match = /^\/([^/]+)\/?$/.exec(path);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

/**
 * Registers the blog feeds: `/{blogUrlId}/rss.xml`, and `/{blogUrlId}?format=rss` answered by
 * an onRequest hook before the page router sees it.
 */
export function registerFeedRoutes(app: FastifyInstance, deps: AppDeps): void {
  const schema = {
    tags: ['feeds'],
    summary: "A blog's RSS 2.0 feed (also answered at /{blogUrlId}?format=rss)",
    params: BlogParams,
    response: withErrors({ 200: textResponse('application/rss+xml', "RSS 2.0 feed of the blog's latest public posts") }),
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/:blogUrlId/rss.xml', { schema }, async (request, reply) => sendFeed(deps, request, reply, request.params.blogUrlId));

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (!request.site) return;
    const urlId = rssFormatTarget(request.url);
    if (urlId === undefined) return;
    await sendFeed(deps, request, reply, urlId);
    return reply;
  });
}
