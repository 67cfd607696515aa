import { ApiError, CRUMB_COOKIE, CSRF_HEADER, currentSite, readCookie, SITE_HEADER, UNABLE_TO_CONNECT } from '../../api/http.js';

/** Sends a form as multipart/form-data with the crumb; answers the JSON body or rejects with the server's message. */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const crumb = readCookie(document.cookie, CRUMB_COOKIE);
  if (crumb) headers[CSRF_HEADER] = crumb;
  const site = currentSite();
  if (site) headers[SITE_HEADER] = site;
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', body: form, headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, UNABLE_TO_CONNECT, null);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : `The server answered ${response.status}.`;
    throw new ApiError(response.status, message, body);
  }
  return body as T;
}
