import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { addOwner } from '../src/owner-accounts/index.js';
import type { Db } from '../src/db/types.js';
import type { OwnerRole } from '../src/owner-sessions/index.js';
import { cookieFrom, crumbForHost, dashboardTarget } from './test-app.js';

/** A password long enough for owner accounts, for tests. */
export const TEST_OWNER_PASSWORD = 'correct horse battery staple';

/** Makes an owner account of a site with a known password (no password change required). */
export async function makeOwner(db: Db, websiteId: string, email: string, role: OwnerRole, password = TEST_OWNER_PASSWORD) {
  const { owner } = await addOwner(db, { websiteId, email, role, password }, { ownerId: null, email: 'test-support' });
  return owner;
}

/** A signed-in owner: the cookies to send (session and crumb) and the crumb header. */
export interface OwnerClient {
  /** The dashboard's origin host the client calls (owner calls are answered there only). */
  host: string;
  /** The identifier of the site the client works on (sent as X-Emporium-Site). */
  site: string | undefined;
  cookie: string;
  crumb: string;
  /** The session cookie, `name=value`. */
  sessionCookie: string;
  /** Calls the app as this owner (JSON body, crumb and cookies) on the dashboard's origin. */
  call: (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
}

/**
 * Owner-call headers about the site served at `host` with a genuine crumb and, optionally, more
 * cookies: on the dashboard's origin, the site named by X-Emporium-Site.
 */
export async function ownerHeaders(app: FastifyInstance, host: string, cookies: string[] = []): Promise<Record<string, string>> {
  const target = await dashboardTarget(app, host);
  const crumb = await crumbForHost(app, target.host);
  return {
    host: target.host,
    ...(target.site ? { 'x-emporium-site': target.site } : {}),
    cookie: [`crumb=${crumb}`, ...cookies].join('; '),
    'x-csrf-token': crumb,
    accept: 'application/json',
  };
}

/** The session cookie of a sign-in answer, `name=value` (the site's own cookie on the dashboard's origin). */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const list = Array.isArray(header) ? header : header ? [header] : [];
  for (const cookie of list) {
    const [pair = ''] = cookie.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    if (/^(__Host-)?emporium_owner_/.test(name)) return `${name}=${cookieFrom(response, name)}`;
  }
  return undefined;
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
  return ownerClient(app, host, sessionCookieOf(response)!, headers['x-csrf-token']!);
}

/** A client calling as the holder of `sessionCookie` ('name=value') about the site served at `host`. */
export async function ownerClient(app: FastifyInstance, host: string, sessionCookie: string, crumb?: string): Promise<OwnerClient> {
  const target = await dashboardTarget(app, host);
  const genuine = crumb ?? (await crumbForHost(app, target.host));
  const cookie = `crumb=${genuine}; ${sessionCookie}`;
  return {
    host: target.host,
    site: target.site,
    cookie,
    crumb: genuine,
    sessionCookie,
    call: (method, url, body, headers = {}) =>
      app.inject({
        method,
        url,
        headers: {
          host: target.host,
          ...(target.site ? { 'x-emporium-site': target.site } : {}),
          cookie,
          'x-csrf-token': genuine,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
  };
}
