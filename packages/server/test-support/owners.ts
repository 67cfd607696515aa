import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { addOwner } from '../src/owner-accounts/index.js';
import type { Db } from '../src/db/types.js';
import type { OwnerRole } from '../src/owner-sessions/index.js';
import { cookieFrom, crumbForHost } from './test-app.js';

/** A password long enough for owner accounts, for tests. */
export const TEST_OWNER_PASSWORD = 'correct horse battery staple';

/** Makes an owner account of a site with a known password (no password change required). */
export async function makeOwner(db: Db, websiteId: string, email: string, role: OwnerRole, password = TEST_OWNER_PASSWORD) {
  const { owner } = await addOwner(db, { websiteId, email, role, password }, { ownerId: null, email: 'test-support' });
  return owner;
}

/** A signed-in owner: the cookies to send (session and crumb) and the crumb header. */
export interface OwnerClient {
  host: string;
  cookie: string;
  crumb: string;
  /** Calls the app as this owner (JSON body, crumb and cookies). */
  call: (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
}

/** Owner-call headers for `host` with a genuine crumb and, optionally, more cookies. */
export async function ownerHeaders(app: FastifyInstance, host: string, cookies: string[] = []): Promise<Record<string, string>> {
  const crumb = await crumbForHost(app, host);
  return { host, cookie: [`crumb=${crumb}`, ...cookies].join('; '), 'x-csrf-token': crumb, accept: 'application/json' };
}

/** Signs an owner in through POST /api/owner/session; throws unless it answers 200. */
export async function signInOwner(app: FastifyInstance, host: string, email: string, password = TEST_OWNER_PASSWORD): Promise<OwnerClient> {
  const headers = await ownerHeaders(app, host);
  const response = await app.inject({
    method: 'POST',
    url: '/api/owner/session',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password }),
  });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${email} on ${host} answered ${response.statusCode}: ${response.body}`);
  const session = cookieFrom(response, '__Host-emporium_owner') ?? cookieFrom(response, 'emporium_owner');
  const name = cookieFrom(response, '__Host-emporium_owner') ? '__Host-emporium_owner' : 'emporium_owner';
  return ownerClient(app, host, `${name}=${session}`, headers['x-csrf-token']!);
}

/** A client calling as the holder of `sessionCookie` ('name=value') on `host`. */
export function ownerClient(app: FastifyInstance, host: string, sessionCookie: string, crumb: string): OwnerClient {
  const cookie = `crumb=${crumb}; ${sessionCookie}`;
  return {
    host,
    cookie,
    crumb,
    call: (method, url, body, headers = {}) =>
      app.inject({
        method,
        url,
        headers: {
          host,
          cookie,
          'x-csrf-token': crumb,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
  };
}
