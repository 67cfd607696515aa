import './request-context.js';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AddToCartMessages } from '@emporium/commerce';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/index.js';
import { setCookie } from './cookies.js';

/** Name of the CSRF cookie (spec 9: cookies crumb, ss_cvr, SiteUserInfo). */
export const CRUMB_COOKIE = 'crumb';
/** Request header that may carry the crumb. */
export const CRUMB_HEADER = 'x-csrf-token';
/** Body field that may carry the crumb (JSON or form-encoded). */
export const CRUMB_BODY_FIELD = 'crumb';
/** Spec 8: failed CSRF check with cookies enabled. */
export const CRUMB_EXPIRED_MESSAGE = AddToCartMessages.SESSION_EXPIRED;
/** Spec 8: failed CSRF check with cookies disabled. */
export const CRUMB_NO_COOKIES_MESSAGE = AddToCartMessages.COOKIES_DISABLED;
/** Message of a state change refused because the browser says it came from another site. */
export const CROSS_SITE_MESSAGE = 'Requests from other sites are not accepted. Reload the page and try again.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CRUMB_FORMAT = /^[A-Za-z0-9_-]{44}$/;
const NONCE_BYTES = 16;
const MAC_BYTES = 16;
const NONCE_CHARS = 22;
/** Most verified crumbs remembered (oldest forgotten first); about 100 bytes each. */
const GENUINE_CRUMBS_KEPT = 20_000;

/**
 * Issues and verifies crumbs: a random nonce followed by an HMAC-SHA256 of the site and the
 * nonce under the server's secret (both base64url, 44 characters in all). A crumb is valid
 * only on the site it was issued for, so a cookie planted from another host or chosen by a
 * client never passes.
 */
export interface CrumbSigner {
  /** A new crumb for the site with key `siteKey`. */
  issue(siteKey: string): string;
  /** True when `crumb` was issued by this server for `siteKey`. */
  verify(crumb: unknown, siteKey: string): boolean;
}

/** Makes a {@link CrumbSigner} from a secret of at least 32 bytes. */
export function crumbSigner(secret: Buffer): CrumbSigner {
  if (secret.length < 32) throw new TypeError('crumb secret must have at least 32 bytes');
  // Crumbs that passed, by site: a returning visitor's every request would otherwise pay an HMAC.
  const genuine = new Set<string>();
  const mac = (siteKey: string, nonce: string) => createHmac('sha256', secret).update(siteKey).update('\n').update(nonce).digest().subarray(0, MAC_BYTES);
  return {
    issue(siteKey) {
      const nonce = randomBytes(NONCE_BYTES).toString('base64url');
      return nonce + mac(siteKey, nonce).toString('base64url');
    },
    verify(crumb, siteKey) {
      if (typeof crumb !== 'string' || !CRUMB_FORMAT.test(crumb)) return false;
      const key = `${siteKey}\n${crumb}`;
      if (genuine.has(key)) return true;
      const nonce = crumb.slice(0, NONCE_CHARS);
      if (!sameToken(crumb.slice(NONCE_CHARS), mac(siteKey, nonce).toString('base64url'))) return false;
      if (genuine.size >= GENUINE_CRUMBS_KEPT) genuine.delete(genuine.values().next().value!);
      genuine.add(key);
      return true;
    },
  };
}

/** The `crumb` cookie among `cookies` when this server issued it for `siteKey`, else undefined. */
export function genuineCrumb(signer: CrumbSigner, cookies: Readonly<Record<string, string | undefined>>, siteKey: string): string | undefined {
  const crumb = cookies[CRUMB_COOKIE];
  return signer.verify(crumb, siteKey) ? crumb : undefined;
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What a state-changing request presented for the CSRF check. */
export interface CrumbEvidence {
  /** Raw `Cookie` header (absent or blank means the browser sent no cookies). */
  cookieHeader: string | undefined;
  /** The `crumb` cookie value, if any. */
  cookie: string | undefined;
  /** True when the cookie's crumb was issued by this server for the request's site. */
  cookieIsGenuine: boolean;
  /** Crumb sent in the `X-CSRF-Token` header or the `crumb` body field. */
  submitted: string | undefined;
}

/** Returns the crumb failure for a request, or null when a genuine crumb matches its cookie. */
export function crumbFailure(evidence: CrumbEvidence): AppError | null {
  if (
    evidence.cookieIsGenuine &&
    typeof evidence.cookie === 'string' &&
    typeof evidence.submitted === 'string' &&
    sameToken(evidence.cookie, evidence.submitted)
  ) {
    return null;
  }
  const noCookies = !evidence.cookieHeader || evidence.cookieHeader.trim() === '';
  return new AppError('CRUMB_FAIL', noCookies ? CRUMB_NO_COOKIES_MESSAGE : CRUMB_EXPIRED_MESSAGE, {
    body: { crumbFail: true },
  });
}

function submittedCrumb(request: FastifyRequest): string | undefined {
  const header = request.headers[CRUMB_HEADER];
  if (typeof header === 'string' && header !== '') return header;
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const value = (body as Record<string, unknown>)[CRUMB_BODY_FIELD];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/**
 * True for requests that may change state and so must pass the checks: every POST, PUT,
 * PATCH and DELETE that matched a route, whatever its path or how the path was spelled (the
 * decision uses the route Fastify matched, never the raw URL).
 */
export function isStateChange(request: FastifyRequest): boolean {
  return STATE_CHANGING.has(request.method) && !request.is404;
}

/** True for state changes whose route did not opt out of the crumb (cookie-less beacons do). */
export function needsCrumb(request: FastifyRequest): boolean {
  return isStateChange(request) && request.routeOptions.config?.crumb !== false;
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase().replace(/\.(?=:\d+$|$)/, '');
  } catch {
    return undefined;
  }
}

/**
 * Returns an error when the browser says a request came from another site: `Sec-Fetch-Site`
 * other than `same-origin` or `none` (typed or bookmarked), or, where the browser sends no
 * such header, an `Origin` whose host is not the request's. Requests without either header
 * (non-browser clients) are left to the crumb check.
 */
export function crossSiteFailure(headers: FastifyRequest['headers']): AppError | null {
  const fetchSite = headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite !== '') {
    return fetchSite === 'same-origin' || fetchSite === 'none' ? null : new AppError('FORBIDDEN', CROSS_SITE_MESSAGE, { body: { crossSite: true } });
  }
  const origin = headers.origin;
  if (typeof origin !== 'string' || origin === '') return null;
  const host = (headers.host ?? '').toLowerCase().replace(/\.(?=:\d+$|$)/, '');
  return hostOf(origin) === host ? null : new AppError('FORBIDDEN', CROSS_SITE_MESSAGE, { body: { crossSite: true } });
}

/**
 * The key a crumb is bound to: 'admin' on the dashboard's origin (one crumb for every site the
 * owner works on there), else the request's site, or '-' on hosts that serve no site.
 */
function siteKeyOf(request: FastifyRequest): string {
  if (request.adminOrigin) return 'admin';
  return request.site?.id ?? '-';
}

/**
 * Issues the signed `crumb` cookie on HTML page responses that arrive without a genuine one,
 * refuses state changes the browser marks as cross-site, and checks the crumb on every state
 * change (header `X-CSRF-Token` or body field `crumb`). A route that must accept cookie-less
 * beacons opts out of the crumb (not of the cross-site check) with `config: { crumb: false }`.
 */
export function registerCrumb(app: FastifyInstance, options: { secureCookies: boolean; signer: CrumbSigner }): void {
  const { signer } = options;
  app.decorateRequest('crumb', '');
  app.decorateRequest('crumbIsNew', false);
  app.addHook('onRequest', (request, _reply, done) => {
    const existing = genuineCrumb(signer, request.cookies, siteKeyOf(request));
    if (existing !== undefined) {
      request.crumb = existing;
    } else {
      request.crumb = signer.issue(siteKeyOf(request));
      request.crumbIsNew = true;
    }
    done(isStateChange(request) ? (crossSiteFailure(request.headers) ?? undefined) : undefined);
  });
  app.addHook('preValidation', async (request) => {
    if (!needsCrumb(request)) return;
    const cookie = request.cookies[CRUMB_COOKIE];
    const failure = crumbFailure({
      cookieHeader: request.headers.cookie,
      cookie,
      cookieIsGenuine: !request.crumbIsNew,
      submitted: submittedCrumb(request),
    });
    if (failure) throw failure;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.crumbIsNew) {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html')) {
        setCookie(reply, CRUMB_COOKIE, request.crumb, { path: '/', sameSite: 'Lax', secure: options.secureCookies });
      }
    }
    done(null, payload);
  });
}
