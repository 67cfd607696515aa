import type { HttpContext } from './http.js';

/** A recorded request of {@link fakeHttp}. */
export interface RecordedRequest {
  readonly url: string;
  readonly init: RequestInit;
}

/** An HttpContext whose fetch answers from `respond` and records every request. */
export function fakeHttp(respond: (url: string, init: RequestInit) => Response | Promise<Response>, cookies = 'crumb=tok123') {
  const requests: RecordedRequest[] = [];
  const ctx: HttpContext = {
    cookies: () => cookies,
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      requests.push({ url, init });
      return respond(url, init);
    }) as typeof fetch,
  };
  return { ctx, requests };
}

/** A JSON response. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
