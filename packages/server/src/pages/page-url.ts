/** A page URL as the page routes read it: the path, and the query without its `?`. */
export interface PageUrl {
  readonly path: string;
  readonly search: string;
}

/** Splits a request URL at its first `?`. */
export function splitUrl(url: string): PageUrl {
  const at = url.indexOf('?');
  return at < 0 ? { path: url, search: '' } : { path: url.slice(0, at), search: url.slice(at + 1) };
}

/** The first value of each query parameter, as the page builder reads the query. */
export function firstValues(search: string): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = Object.create(null);
  for (const [key, value] of new URLSearchParams(search)) if (out[key] === undefined) out[key] = value;
  return out;
}

/** True for the API's paths, which the page routes leave to the API's not-found answer. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** True when the query asks for the page's context instead of its HTML (`format=json`). */
export function asksForJson(search: string): boolean {
  return search !== '' && firstValues(search).format === 'json';
}
