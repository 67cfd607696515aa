import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { setCookie } from '../http/cookies.js';

/** How long a device stays trusted after a sign-in from it: a year. */
export const DEVICE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

function cookieName(secure: boolean, websiteId: string): string {
  return `${secure ? '__Host-' : ''}emporium_device_${websiteId}`;
}

function keyOf(websiteId: string, email: string): string {
  return `owner-device\n${websiteId}\n${email}`;
}

/**
 * The device cookie's value (the device's id) when it proves that this browser signed in to `email`'s account
 * on the site before (a random nonce with an HMAC over site, email and nonce, signed with the
 * crumb secret); undefined otherwise. It is no credential: it only spares the device from
 * locks that failures elsewhere set.
 */
export function trustedDevice(deps: AppDeps, request: FastifyRequest, websiteId: string, email: string): string | undefined {
  const value = request.cookies[cookieName(deps.config.secureCookies, websiteId)];
  return value && deps.crumbs.verify(value, keyOf(websiteId, email)) ? value : undefined;
}

/** Marks the browser as a device the account signed in from (after a successful sign-in). */
export function trustDevice(deps: AppDeps, reply: FastifyReply, websiteId: string, email: string): void {
  const secure = deps.config.secureCookies;
  setCookie(reply, cookieName(secure, websiteId), deps.crumbs.issue(keyOf(websiteId, email)), {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure,
    maxAge: DEVICE_COOKIE_SECONDS,
  });
}
