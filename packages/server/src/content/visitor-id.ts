import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setCookie } from '../http/cookies.js';

/** Visitor cookie (spec 9: cookies crumb, ss_cvr, SiteUserInfo). Its first `|` field is the visitor id. */
export const VISITOR_COOKIE = 'ss_cvr';
/** Spec 9: long-lived visitor cookies last 2 years. */
export const VISITOR_COOKIE_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;

const VISITOR_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The visitor id carried by an `ss_cvr` value, or undefined when it is missing or malformed. */
export function visitorIdFromCookie(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const id = value.split('|')[0] ?? '';
  return VISITOR_ID.test(id) ? id : undefined;
}

/** The request's visitor id; undefined when the visitor has no (valid) visitor cookie yet. */
export function existingVisitorId(request: FastifyRequest): string | undefined {
  return visitorIdFromCookie(request.cookies[VISITOR_COOKIE]);
}

/** The request's visitor id, issuing a new visitor cookie on the reply when there is none. */
export function ensureVisitorId(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = existingVisitorId(request);
  if (existing) return existing;
  const id = randomUUID();
  setCookie(reply, VISITOR_COOKIE, id, { path: '/', sameSite: 'Lax', secure, maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS });
  return id;
}
