import { ApiError, api } from './http.js';
import { clearAll, invalidate, setData } from './query-cache.js';
import { useCachedQuery } from './use-query.js';

/** The signed-in owner as the server describes them. */
export interface Owner {
  /** Null when the session is the site's break-glass token rather than an account. */
  readonly id: string | null;
  readonly email: string | null;
  readonly role: string;
  readonly mustChangePassword: boolean;
  /** The role's permissions, `<area>:read` or `<area>:write` (docs/roles.md). */
  readonly permissions: readonly string[];
}

/** The site the dashboard works on, as the session names it. */
export interface SessionSite {
  readonly id: string;
  readonly identifier: string;
  readonly title: string;
  /** The site's public address. */
  readonly url: string;
}

/** Who is signed in: an owner of the site, or nobody. */
export type Session = { readonly owner: Owner; readonly site: SessionSite } | { readonly owner: null };

export const SESSION_PATH = '/api/owner/session';
const SESSION_KEY = 'session';
/** Reads the session: the owner, or nobody (401). */
async function loadSession(): Promise<Session> {
  try {
    return await api<{ owner: Owner; site: SessionSite }>(SESSION_PATH);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { owner: null };
    throw error;
  }
}

/** The session, loading it once. */
export function useSession() {
  return useCachedQuery(SESSION_KEY, loadSession);
}

/** The site of a session, when someone is signed in. */
export function siteOfSession(session: Session | undefined): SessionSite | undefined {
  return session?.owner ? session.site : undefined;
}

/** Reads the session again (after signing in, out, or changing the password). */
export function refreshSession(): void {
  invalidate(SESSION_KEY);
}

/** Starts using a session the server just opened (sign-in, accepted invitation). */
export function sessionStarted(answer: { owner: Owner; site: SessionSite }): void {
  clearAll(SESSION_KEY);
  setData<Session>(SESSION_KEY, answer);
}

/** Signs in with email and password; rejects with the server's message. */
export async function signIn(email: string, password: string): Promise<Owner> {
  const answer = await api<{ owner: Owner; site: SessionSite }>(SESSION_PATH, { method: 'POST', body: { email, password } });
  sessionStarted(answer);
  return answer.owner;
}

/** Signs out this browser, or every session of the owner when `everywhere`. */
export async function signOut(everywhere = false): Promise<void> {
  if (everywhere) await api(`${SESSION_PATH}/revoke-all`, { method: 'POST' });
  else await api(SESSION_PATH, { method: 'DELETE' });
  clearAll(SESSION_KEY);
  setData<Session>(SESSION_KEY, { owner: null });
}
