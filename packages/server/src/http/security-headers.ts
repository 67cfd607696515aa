import { randomFillSync } from 'node:crypto';
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

/** {@link formatCsp} of fixed directives, split once around the nonce. */
function cspWithNonce(directives: CspDirectives): (nonce: string) => string {
  const marker = '\u0000';
  const [before = '', after = ''] = formatCsp(directives, marker).split(marker);
  return (nonce) => before + nonce + after;
}

/**
 * Adds CSP (with a per-request nonce at `request.cspNonce` for inline scripts),
 * nosniff, frame-ancestors/X-Frame-Options and Referrer-Policy to every response, and HSTS
 * as {@link sendsStrictTransportSecurity} decides. Headers a route already set are left alone.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions = {}): void {
  const policy = cspWithNonce(mergeCsp(options.csp));
  const headers = Object.entries(SECURITY_HEADERS);
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request) => {
    request.cspNonce = newCspNonce();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', policy(request.cspNonce));
    }
    for (const [name, value] of headers) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    if (sendsStrictTransportSecurity(request.protocol, options.publicUrl) && !reply.hasHeader('strict-transport-security')) {
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    }
    return payload;
  });
}
