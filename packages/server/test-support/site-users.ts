import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { outbox } from '../src/db/schema.js';
import type { Db } from '../src/db/types.js';
import { saveSiteUserSettings } from '../src/site-users/index.js';
import { crumbForHost } from './test-app.js';

/** A password long enough for site-user accounts, for tests. */
export const TEST_SITE_USER_PASSWORD = 'a long shopper passphrase';

/** Turns a site's customer accounts on. */
export function enableAccounts(db: Db, websiteId: string): Promise<unknown> {
  return saveSiteUserSettings(db, websiteId, { accountsEnabled: true });
}

/**
 * One browser on one site: its cookie jar (updated from every answer) and a genuine crumb, so
 * calls look like the site's own pages making them.
 */
export class Browser {
  readonly jar = new Map<string, string>();
  private constructor(
    private readonly app: FastifyInstance,
    readonly host: string,
    readonly crumb: string,
  ) {
    this.jar.set('crumb', crumb);
  }

  /** A browser with a crumb of the site at `host`. */
  static async open(app: FastifyInstance, host: string): Promise<Browser> {
    return new Browser(app, host, await crumbForHost(app, host));
  }

  /** The `Cookie` header of the jar. */
  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  }

  /** Sends a request with the jar and the crumb; a body is JSON unless `form` is set. */
  async send(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { host: this.host, cookie: this.cookieHeader(), 'x-csrf-token': this.crumb, ...options.headers };
    let payload: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams({ crumb: this.crumb, ...options.form }).toString();
    }
    const response = await this.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.maxAge === 0 || cookie.value === '') this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
    return response;
  }
}

/** The newest mail of `kind` to `to` on a site. */
export async function lastMail(db: Db, websiteId: string, kind: string, to: string) {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.websiteId, websiteId), eq(outbox.kind, kind), eq(outbox.toAddress, to)))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  if (!row) throw new Error(`no ${kind} mail to ${to}`);
  return row;
}

/** The path and query of the first link of a mail's text that starts with `path`. */
export function linkIn(text: string, path: string): string {
  const match = text.match(new RegExp(`https?://[^\\s/]+(${path.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_%-]+)`));
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1]!;
}

/** The 6-digit code of a sign-in mail. */
export function codeIn(text: string): string {
  const match = text.match(/: (\d{6})\b/);
  if (!match) throw new Error(`no code in: ${text}`);
  return match[1]!;
}

/** A browser signed in to a new confirmed account on the site at `host`, with its session's XSRF token and account id. */
export async function signedInShopper(
  app: FastifyInstance,
  db: Db,
  host: string,
  websiteId: string,
  email: string,
): Promise<{ browser: Browser; xsrfToken: string; siteUserId: string }> {
  const browser = await Browser.open(app, host);
  await browser.send('POST', '/api/site-users/account/register', { json: { email, password: TEST_SITE_USER_PASSWORD } });
  await browser.send('GET', linkIn((await lastMail(db, websiteId, 'site-user-verify', email)).textBody, '/account/verify'));
  const signedIn = await browser.send('POST', '/api/site-users/account/session', { json: { email, password: TEST_SITE_USER_PASSWORD } });
  if (signedIn.statusCode !== 200) throw new Error(`sign-in of ${email} answered ${signedIn.statusCode}`);
  const body = signedIn.json() as { xsrfToken: string; siteUser: { id: string } };
  return { browser, xsrfToken: body.xsrfToken, siteUserId: body.siteUser.id };
}
