import { CRUMB_COOKIE, readCookie } from '../lib/cookies.js';

/** Header carrying the crumb cookie's value on state-changing calls. */
export const CSRF_HEADER = 'X-CSRF-Token';

/** A failed API call: HTTP status (0 for network failure), the server's message and body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The server rejected the CSRF crumb. */
  readonly crumbFailed: boolean;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.crumbFailed = isRecord(body) && body.crumbFail === true;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** Options of {@link requestJson}. */
export interface RequestOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Where requests go and how the crumb is read; replaceable in tests. */
export interface HttpContext {
  readonly fetch: typeof fetch;
  readonly cookies: () => string;
  readonly origin?: string;
}

/** The browser's fetch and cookies. */
export function browserHttpContext(): HttpContext {
  return { fetch: (...args) => globalThis.fetch(...args), cookies: () => (typeof document === 'undefined' ? '' : document.cookie) };
}

function buildUrl(path: string, query: RequestOptions['query'], origin = ''): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return `${origin}${path}${qs ? `?${qs}` : ''}`;
}

function serverMessage(body: unknown, status: number): string {
  if (isRecord(body)) {
    for (const key of ['message', 'error']) if (typeof body[key] === 'string' && body[key]) return body[key] as string;
  }
  if (typeof body === 'string' && body.trim()) return body.trim();
  return `HTTP ${status}`;
}

/**
 * Sends a JSON request with credentials and the crumb header; resolves the parsed body,
 * rejects with {@link ApiError} on network failure or a non-2xx status.
 */
export async function requestJson<T>(ctx: HttpContext, path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const crumb = readCookie(ctx.cookies(), CRUMB_COOKIE);
  if (crumb) headers[CSRF_HEADER] = crumb;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await ctx.fetch(buildUrl(path, options.query, ctx.origin), {
      method,
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    throw new ApiError(0, err instanceof Error ? err.message : 'Network error', null);
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!response.ok) throw new ApiError(response.status, serverMessage(body, response.status), body);
  return body as T;
}
