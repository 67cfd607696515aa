import { randomBytes } from 'node:crypto';
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

/**
 * Adds CSP (with a per-request nonce at `request.cspNonce` for inline scripts),
 * nosniff, frame-ancestors/X-Frame-Options and Referrer-Policy to every response.
 * Headers a route already set are left alone.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { csp?: CspDirectives } = {}): void {
  const directives = mergeCsp(options.csp);
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request) => {
    request.cspNonce = randomBytes(16).toString('base64');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', formatCsp(directives, request.cspNonce));
    }
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
