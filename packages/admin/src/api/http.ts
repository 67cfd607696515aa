/** Cookie holding the CSRF crumb (set by the server on the dashboard's HTML). */
export const CRUMB_COOKIE = 'crumb';
/** Header echoing the crumb on state-changing calls. */
export const CSRF_HEADER = 'X-CSRF-Token';
/** Header naming the site a call works on (the dashboard serves every site from one origin). */
export const SITE_HEADER = 'X-Emporium-Site';

const SITE_PATH = /^\/sites\/([a-z0-9-]{1,63})(?=\/|$)/;

/** A failed call: HTTP status (0 when the network failed), the server's message and body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** Per-field messages of a 400 VALIDATION_FAILED answer, keyed by field path. */
  readonly fields: Readonly<Record<string, string>>;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const fields = isRecord(body) && isRecord(body.fields) ? body.fields : {};
    this.fields = Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads one cookie of `document.cookie`. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const pair of cookies.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    const raw = pair.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** Options of {@link api}. */
export interface CallOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  /** Lets the call outlive the page (a last word sent as the tab closes). */
  readonly keepalive?: boolean;
}

/** A path with its query string (undefined values left out). */
export function withQuery(path: string, query: CallOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The identifier of the site the dashboard's address names (`/sites/{identifier}/…`), if any. */
export function currentSite(): string | undefined {
  return SITE_PATH.exec(window.location.pathname)?.[1];
}

/** Query parameter naming the site of a plain link to a download (a link carries no header). */
export const SITE_PARAM = '_site';

/**
 * The address of a download link to an owner call (`/api/owner/restock.csv`), with the site
 * it is about in the query, since a followed link cannot carry the X-Emporium-Site header.
 */
export function apiHref(path: string): string {
  const site = currentSite();
  if (!site) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${SITE_PARAM}=${encodeURIComponent(site)}`;
}

/** What a call says when the server cannot be reached at all (spec 8 "Setup and UI"). */
export const UNABLE_TO_CONNECT = 'Unable to connect. Please try again';

function messageOf(body: unknown, status: number): string {
  if (isRecord(body) && typeof body.message === 'string' && body.message) return body.message;
  if (status === 0) return UNABLE_TO_CONNECT;
  return `The server answered ${status}.`;
}

/**
 * Calls the server's JSON API with the owner's cookies and the crumb header; resolves the
 * parsed body (undefined for 204), rejects with {@link ApiError}.
 */
export async function api<T>(path: string, options: CallOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  const crumb = readCookie(document.cookie, CRUMB_COOKIE);
  if (crumb && method !== 'GET') headers[CSRF_HEADER] = crumb;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const site = currentSite();
  if (site) headers[SITE_HEADER] = site;
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, messageOf(null, 0), null);
  }
  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!response.ok) throw new ApiError(response.status, messageOf(body, response.status), body);
  return body as T;
}

/** A message for people from any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Try again.';
}
