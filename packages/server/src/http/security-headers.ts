import { randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Content-Security-Policy directives; each value is the list of sources. */
export type CspDirectives = Record<string, string[]>;

/** Baseline policy: same-origin everything, no plugins, no framing by other sites. */
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

const nonces = new WeakMap<IncomingMessage, string>();

/** Helmet options giving exactly our headers: the policy (with the request's nonce), nosniff, framing, referrer, opener. */
function helmetOptions(directives: CspDirectives): FastifyHelmetOptions {
  const withNonce: Record<string, Array<string | ((req: IncomingMessage) => string)>> = { ...directives };
  withNonce['script-src'] = [...(directives['script-src'] ?? []), (req) => `'nonce-${nonces.get(req) ?? ''}'`];
  return {
    contentSecurityPolicy: { useDefaults: false, directives: withNonce },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'sameorigin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: false,
    xXssProtection: false,
  };
}

/**
 * Adds CSP (with a per-request nonce at `request.cspNonce` for inline scripts), nosniff,
 * frame-ancestors/X-Frame-Options, Referrer-Policy and Cross-Origin-Opener-Policy through
 * @fastify/helmet, plus what helmet has no option for: Permissions-Policy, and HSTS as
 * {@link sendsStrictTransportSecurity} decides per request. Headers a route sets win.
 * A response refused by a hook that runs before helmet's still gets the same headers.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions = {}): void {
  const directives = mergeCsp(options.csp);
  const fallback = Object.entries(SECURITY_HEADERS);
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request) => {
    request.cspNonce = newCspNonce();
    nonces.set(request.raw, request.cspNonce);
  });
  void app.register(fastifyHelmet, helmetOptions(directives));
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', formatCsp(directives, request.cspNonce || newCspNonce()));
    }
    for (const [name, value] of fallback) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    if (sendsStrictTransportSecurity(request.protocol, options.publicUrl) && !reply.hasHeader('strict-transport-security')) {
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    }
    return payload;
  });
}
