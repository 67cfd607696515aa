import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import {
  genuineCrumb,
  isStorableText,
  logRequestCompleted,
  newCspNonce,
  parseCookieHeader,
  requestIdFor,
  type CrumbSigner,
  type SecurityHeaders,
} from '../../http/index.js';
import type { SiteResolver, Website } from '../../sites/index.js';
import type { PageAsk } from './cache-rules.js';
import { appendPageHeaders, cachedBody, type CachedPage } from './cached-page.js';

/** The stored page answering a GET on a site, if any (the page cache's own rule: `PageCache.stored`). */
export type StoredAnswer = (ask: PageAsk, site: Website) => CachedPage | undefined | Promise<CachedPage | undefined>;

/** What the lane checks a request with: the app's own resolver, crumbs, security headers and log. */
export interface CachedPageLaneDeps {
  resolver: SiteResolver;
  crumbs: CrumbSigner;
  security: SecurityHeaders;
  log: FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The request's scheme as Fastify's `request.protocol` gives it without a trusted proxy. */
function protocolOf(req: IncomingMessage): 'http' | 'https' {
  return (req.socket as TLSSocket).encrypted ? 'https' : 'http';
}

/**
 * Answers a GET whose page is already in the page cache before the application sees it
 * (decision 0027), as a cache in front of a server would. It takes only requests the page
 * route would answer from the cache with nothing else to do: a site whose answer is at hand, a
 * crumb cookie that is genuine for that site (a visitor without one gets a new crumb from the
 * app), no cookie the app would drop, and a stored page under the route's own cache key, so a
 * URL the app refuses or builds fresh never gets here. The answer is made by the app's own
 * builders: the page's cache headers, the security headers with a new nonce and the site's
 * policy, `x-request-id` and the access-log line. Everything else, HEAD included, goes to the app.
 */
export class CachedPageLane {
  /** Set by the page routes when they register with their cache on. */
  answer: StoredAnswer | undefined;
  private deps: CachedPageLaneDeps | undefined;
  /** Whether the access log takes `info` lines (the level is set when the app starts). */
  private logs = false;

  /** Starts answering with `deps` (the app's resolver, crumbs, headers and log). */
  open(deps: CachedPageLaneDeps): void {
    this.deps = deps;
    this.logs = deps.log.isLevelEnabled?.('info') ?? true;
  }

  /** Stops answering: every request goes to the app (which refuses them while it closes). */
  close(): void {
    this.deps = undefined;
  }

  /** Answers `req` from the cache, or hands it to `app` (at once, or once the page version is read). */
  serve(req: IncomingMessage, res: ServerResponse, app: Handler): void {
    const started = this.logs ? performance.now() : 0;
    const found = this.find(req);
    if (found === undefined) return app(req, res);
    const { site, stored } = found;
    if (!(stored instanceof Promise)) return this.send(req, res, site, stored, started);
    stored.then(
      (page) => (page ? this.send(req, res, site, page, started) : app(req, res)),
      () => app(req, res),
    );
  }

  private find(req: IncomingMessage): { site: Website; stored: CachedPage | Promise<CachedPage | undefined> } | undefined {
    const { deps, answer } = this;
    const cookieHeader = req.headers.cookie;
    if (deps === undefined || answer === undefined || req.method !== 'GET' || cookieHeader === undefined || req.url === undefined) return undefined;
    const site = deps.resolver.cachedWebsite(req.headers.host);
    if (site === undefined) return undefined;
    const cookies = parseCookieHeader(cookieHeader);
    for (const name in cookies) if (!isStorableText(cookies[name]!)) return undefined;
    if (genuineCrumb(deps.crumbs, cookies, site.id) === undefined) return undefined;
    const ask: PageAsk = { method: 'GET', url: req.url, headers: req.headers, cookies, protocol: protocolOf(req) };
    try {
      const stored = answer(ask, site);
      return stored === undefined ? undefined : { site, stored };
    } catch {
      return undefined;
    }
  }

  private send(req: IncomingMessage, res: ServerResponse, site: Website, page: CachedPage, started: number): void {
    const deps = this.deps!;
    const { encoding, body } = cachedBody(page, req.headers['accept-encoding']);
    const requestId = requestIdFor(req);
    // Name, value pairs: writeHead takes them as they are, with no header object to build.
    const headers = ['x-request-id', requestId];
    appendPageHeaders(headers, page, encoding, 'hit');
    deps.security.append(headers, protocolOf(req), newCspNonce(), site, req.headers.host);
    headers.push('content-length', String(body.length));
    const status = page.status ?? 200;
    res.writeHead(status, headers);
    res.end(body);
    if (this.logs) logRequestCompleted(deps.log, req, status, performance.now() - started, requestId);
  }
}

/**
 * Fastify's `serverFactory` putting `lane` in front of the app: the HTTP server Fastify would
 * make (keep-alive, request and connection timeouts as configured), whose requests go through
 * the lane first.
 */
export function serverWithLane(lane: CachedPageLane): (app: Handler, options: FastifyServerOptions) => Server {
  return (app, options) => {
    const server = createServer((req, res) => lane.serve(req, res, app));
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    return server;
  };
}
