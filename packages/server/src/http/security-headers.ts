import { randomFillSync } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Website } from '../sites/index.js';

/** Content-Security-Policy directives; each value is the list of sources. */
export type CspDirectives = Record<string, string[]>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Sources this response's policy adds to its site's (set by the page it serves: checkout with Stripe.js). */
    cspExtension: Readonly<CspDirectives> | undefined;
  }
}

/**
 * Baseline policy: same-origin everything, no plugins, no framing by other sites. On a site's
 * responses `'self'` in `script-src` becomes {@link SITE_SCRIPT_PATHS} on the site's origin.
 */
export const DEFAULT_CSP: Readonly<CspDirectives> = Object.freeze({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
});

/**
 * Where a site's pages load scripts from, as paths of the site's own origin: the storefront
 * islands' bundle (`STOREFRONT_ASSET_BASE` + `assets/`), the system's assets
 * (`THEME_ASSET_PREFIX`) and the theme's `scripts/` folder (served at `/assets/scripts/`). On a site they replace `'self'` in `script-src`, so no other path of
 * the origin (no `/api/` answer, no download, no upload) can be a script source even if owner
 * HTML named it. Neither prefix answers with a redirect (after one, CSP no longer checks paths).
 */
export const SITE_SCRIPT_PATHS: readonly string[] = Object.freeze(['/assets/storefront/assets/', '/static/theme/', '/assets/scripts/']);

/** A Host header that can stand in a CSP host-source: a DNS name and an optional port (no IP v6 literal, no spaces or separators). */
const CSP_HOST = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?::\d{1,5})?$/;

/** Other security headers sent with every response. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
});

/** Strict-Transport-Security value: browsers keep to HTTPS for a year, subdomains (the sites) included. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Options of {@link registerSecurityHeaders}. */
export interface SecurityHeadersOptions {
  /** Extra Content-Security-Policy sources. */
  csp?: CspDirectives;
  /** Public origin of the server; when it is https every response carries HSTS. */
  publicUrl?: string;
  /** Paths scripts of a site's pages load from (default {@link SITE_SCRIPT_PATHS}). */
  siteScriptPaths?: readonly string[];
  /** A site's own widening of the policy of its responses (the captcha module's reCAPTCHA sources); none by default. */
  sitePolicy?: (site: Website, policy: string) => string;
}

/**
 * Whether a response carries Strict-Transport-Security: when its request came over HTTPS
 * (`request.protocol`, which honours a configured trustProxy) or the public URL is https.
 */
export function sendsStrictTransportSecurity(requestProtocol: string, publicUrl: string | undefined): boolean {
  return requestProtocol === 'https' || (publicUrl?.startsWith('https:') ?? false);
}

/** Merges extra sources into the default policy (for example a third-party script host). */
export function mergeCsp(extra: CspDirectives = {}): CspDirectives {
  const merged: CspDirectives = {};
  for (const [name, sources] of Object.entries(DEFAULT_CSP)) merged[name] = [...sources];
  for (const [name, sources] of Object.entries(extra)) {
    merged[name] = [...new Set([...(merged[name] ?? []), ...sources])];
  }
  return merged;
}

/** Renders a policy, adding the per-response nonce to `script-src`. */
export function formatCsp(directives: CspDirectives, nonce: string): string {
  return Object.entries(directives)
    .map(([name, sources]) => {
      const list = name === 'script-src' ? [...sources, `'nonce-${nonce}'`] : sources;
      return `${name} ${list.join(' ')}`;
    })
    .join('; ');
}

const NONCE_BYTES = 16;
const NONCES_PER_FILL = 256;
const noncePool = Buffer.alloc(NONCE_BYTES * NONCES_PER_FILL);
let nonceOffset = noncePool.length;

/**
 * A new CSP nonce: 16 bytes from the CSPRNG, base64. Bytes are drawn 4 KiB at a time (one
 * system call per 256 nonces instead of one per response); no byte is ever used twice.
 */
export function newCspNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/** Stands where the nonce goes while the policy is rendered once at start. */
const NONCE_SLOT = '\u0000';
/** Stands where a site's host goes in its script sources while the policy is rendered once at start. */
const HOST_SLOT = '\u0001';

/**
 * `directives` for a site's responses: `'self'` in `script-src` replaced by `paths` on the
 * site's host (host-sources without a scheme, so they follow the page's http or https).
 */
function siteDirectives(directives: CspDirectives, paths: readonly string[]): CspDirectives {
  const own = paths.map((path) => `${HOST_SLOT}${path}`);
  const scripts = (directives['script-src'] ?? []).flatMap((source) => (source === "'self'" ? own : [source]));
  return { ...directives, 'script-src': scripts };
}

/** The security headers of responses, rendered once; see {@link securityHeaders}. */
export interface SecurityHeaders {
  /**
   * The Content-Security-Policy of a response with `nonce`; on a site (`siteHost`, its Host
   * header) scripts may come only from the site's script paths, elsewhere from `'self'`.
   */
  policy(nonce: string, siteHost?: string): string;
  /**
   * Appends every security header of a response to `list` as name, value pairs (the form
   * `writeHead` takes without building an object): the policy with `nonce` (on `site`, reached
   * at `host`, its script paths and its own widening), the fixed headers, and HSTS when
   * {@link sendsStrictTransportSecurity} says so. The one place that decides the set.
   */
  append(list: string[], requestProtocol: string, nonce: string, site: Website | null | undefined, host: string | undefined): void;
  /** Adds to `reply` the headers of {@link SecurityHeaders.append} it does not have yet. */
  complete(reply: FastifyReply, requestProtocol: string, nonce: string, site: Website | null | undefined, host: string | undefined): void;
}

/**
 * Renders CSP (with a slot for the per-response nonce), nosniff, frame-ancestors and
 * X-Frame-Options, Referrer-Policy, Cross-Origin-Opener-Policy, Permissions-Policy and HSTS
 * once, so a response costs a few string joins (decision 0027: building them per response
 * through helmet took about 14% of a cached page's time).
 */
export function securityHeaders(options: SecurityHeadersOptions = {}): SecurityHeaders {
  const merged = mergeCsp(options.csp);
  const [cspHead = '', cspTail = ''] = formatCsp(merged, NONCE_SLOT).split(NONCE_SLOT);
  const [siteTemplate = '', siteTail = ''] = formatCsp(siteDirectives(merged, options.siteScriptPaths ?? SITE_SCRIPT_PATHS), NONCE_SLOT).split(NONCE_SLOT);
  const sitePieces = siteTemplate.split(HOST_SLOT);
  const fixedPairs = Object.entries(SECURITY_HEADERS).flat();
  const strict = (protocol: string) => sendsStrictTransportSecurity(protocol, options.publicUrl);
  const policy = (nonce: string, siteHost?: string) =>
    siteHost !== undefined && CSP_HOST.test(siteHost) ? sitePieces.join(siteHost) + nonce + siteTail : cspHead + nonce + cspTail;
  const widen = options.sitePolicy;
  const append: SecurityHeaders['append'] = (list, requestProtocol, nonce, site, host) => {
    const own = site ? policy(nonce, host) : policy(nonce);
    list.push('content-security-policy', site && widen ? widen(site, own) : own);
    for (let i = 0; i < fixedPairs.length; i += 1) list.push(fixedPairs[i]!);
    if (strict(requestProtocol)) list.push('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  };
  return {
    policy,
    append,
    complete(reply, requestProtocol, nonce, site, host) {
      const list: string[] = [];
      append(list, requestProtocol, nonce, site, host);
      for (let i = 0; i < list.length; i += 2) if (!reply.hasHeader(list[i]!)) reply.header(list[i]!, list[i + 1]);
    },
  };
}

/**
 * `policy` (a rendered header value) with `extra`'s sources added to their directives, keeping
 * everything else; a directive the policy lacks is added.
 */
export function widenPolicy(policy: string, extra: Readonly<CspDirectives>): string {
  const seen = new Set<string>();
  const out = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((directive) => {
      const [name = '', ...sources] = directive.split(/\s+/);
      const more = extra[name];
      if (!more) return directive;
      seen.add(name);
      return [name, ...new Set([...sources, ...more])].join(' ');
    });
  for (const [name, sources] of Object.entries(extra)) if (!seen.has(name) && sources.length > 0) out.push([name, ...sources].join(' '));
  return out.join('; ');
}

/** Lets `origin` (and the page's own) frame this response: the dashboard's editor framing its preview. */
function allowFraming(reply: FastifyReply, origin: string): void {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string') reply.header('content-security-policy', csp.replace("frame-ancestors 'self'", `frame-ancestors 'self' ${origin}`));
  reply.removeHeader('x-frame-options');
}

/**
 * Sends {@link securityHeaders} with every response, with a per-request nonce at
 * `request.cspNonce` for inline scripts; a response on a site gets the site's script paths
 * instead of `'self'`, and the site's own widening, then the page's own (`request.cspExtension`). Headers a route sets win. The headers are added when
 * the response is sent, so a response refused by a hook that runs earlier still gets them.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions | SecurityHeaders = {}): void {
  const headers = 'complete' in options ? options : securityHeaders(options);
  app.decorateRequest('cspNonce', '');
  app.decorateRequest('framedBy', undefined);
  app.decorateRequest('cspExtension', undefined);
  app.addHook('onRequest', (request, _reply, done) => {
    request.cspNonce = newCspNonce();
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    headers.complete(reply, request.protocol, request.cspNonce || newCspNonce(), request.site, request.headers.host);
    if (request.framedBy) allowFraming(reply, request.framedBy);
    if (request.cspExtension) {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('content-security-policy', widenPolicy(csp, request.cspExtension));
    }
    done(null, payload);
  });
}
