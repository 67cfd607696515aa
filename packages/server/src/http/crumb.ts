import { randomBytes, timingSafeEqual } from 'node:crypto';
import { AddToCartMessages } from '@emporium/commerce';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
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

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CRUMB_FORMAT = /^[A-Za-z0-9_-]{16,128}$/;

/** Creates a new random crumb (32 url-safe characters). */
export function newCrumb(): string {
  return randomBytes(24).toString('base64url');
}

/** True when a cookie value has the shape of a crumb we issue. */
export function isWellFormedCrumb(value: unknown): value is string {
  return typeof value === 'string' && CRUMB_FORMAT.test(value);
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
  /** Crumb sent in the `X-CSRF-Token` header or the `crumb` body field. */
  submitted: string | undefined;
}

/** Returns the crumb failure for a request, or null when the crumb matches its cookie. */
export function crumbFailure(evidence: CrumbEvidence): AppError | null {
  if (
    isWellFormedCrumb(evidence.cookie) &&
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

/** True for requests the crumb check applies to: state-changing methods under /api. */
export function needsCrumb(request: FastifyRequest): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  const path = request.url.split('?')[0] ?? '';
  if (!(path === '/api' || path.startsWith('/api/'))) return false;
  if (request.is404) return false;
  return request.routeOptions.config?.crumb !== false;
}

/**
 * Issues the `crumb` cookie on HTML page responses that arrive without one, and checks it on
 * every state-changing /api request (header `X-CSRF-Token` or body field `crumb`). A route
 * that must accept cookie-less beacons opts out with `config: { crumb: false }`.
 */
export function registerCrumb(app: FastifyInstance, options: { secureCookies: boolean }): void {
  app.decorateRequest('crumb', '');
  app.decorateRequest('crumbIsNew', false);
  app.addHook('onRequest', async (request) => {
    const existing = request.cookies[CRUMB_COOKIE];
    if (isWellFormedCrumb(existing)) {
      request.crumb = existing;
    } else {
      request.crumb = newCrumb();
      request.crumbIsNew = true;
    }
  });
  app.addHook('preValidation', async (request) => {
    if (!needsCrumb(request)) return;
    const failure = crumbFailure({
      cookieHeader: request.headers.cookie,
      cookie: request.cookies[CRUMB_COOKIE],
      submitted: submittedCrumb(request),
    });
    if (failure) throw failure;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.crumbIsNew) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      setCookie(reply, CRUMB_COOKIE, request.crumb, { path: '/', sameSite: 'Lax', secure: options.secureCookies });
    }
    return payload;
  });
}
