import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Attributes accepted by {@link setCookie}. */
export interface CookieOptions {
  /** Default `/`. */
  path?: string;
  domain?: string;
  /** Lifetime in seconds (an integer); 0 deletes the cookie. */
  maxAge?: number;
  expires?: Date;
  httpOnly?: boolean;
  /** Forced on when `sameSite` is `None` (browsers refuse SameSite=None without it). */
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
}

const SAME_SITE = { Strict: 'strict', Lax: 'lax', None: 'none' } as const;

/**
 * Parses the `Cookie` header of every request into `request.cookies` (@fastify/cookie: a
 * prototype-free map, first occurrence of a name wins, values percent-decoded when they are
 * valid percent-encoding) and gives replies `setCookie`.
 */
export async function registerCookies(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie, { hook: 'onRequest' });
}

/** Parses a `Cookie` header exactly as the cookie hook does (for code that runs before it). */
export function parseCookieHeader(header: string): Record<string, string | undefined> {
  return fastifyCookie.parse(header);
}

/**
 * Adds a `Set-Cookie` header to a reply through @fastify/cookie, with our defaults: `Path=/`
 * unless a path is given, `Secure` whenever `SameSite=None`, no SameSite attribute unless one
 * is given. Values are percent-encoded. A bad name, domain or a non-integer `maxAge` throws a
 * TypeError.
 */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions = {}): void {
  reply.setCookie(name, value, {
    path: options.path ?? '/',
    domain: options.domain,
    maxAge: options.maxAge,
    expires: options.expires,
    httpOnly: options.httpOnly,
    secure: options.secure === true || options.sameSite === 'None' ? true : undefined,
    sameSite: options.sameSite ? SAME_SITE[options.sameSite] : undefined,
  });
}
