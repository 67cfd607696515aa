import { useEffect, useSyncExternalStore } from 'react';
import { ApiError, api } from './http.js';
import { clearAll, ensure, invalidate, peek, subscribe } from './query-cache.js';

/** The signed-in owner as the server describes them. */
export interface Owner {
  /** Null when the session is the site's break-glass token rather than an account. */
  readonly id: string | null;
  readonly email: string | null;
  readonly role: string;
  readonly mustChangePassword: boolean;
}

/** Who is signed in: an owner, or nobody. */
export type Session = { readonly owner: Owner } | { readonly owner: null };

export const SESSION_PATH = '/api/owner/session';
const SESSION_KEY = 'session';
const TOKEN_OWNER: Owner = Object.freeze({ id: null, email: null, role: 'admin', mustChangePassword: false });

/**
 * Reads the session. A server without owner accounts (no session call, 404) still accepts its
 * break-glass token on every owner call: the visit report then tells whether this browser is an owner.
 */
async function loadSession(): Promise<Session> {
  try {
    return await api<{ owner: Owner }>(SESSION_PATH);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) return { owner: null };
    if (error.status !== 404) throw error;
  }
  try {
    await api('/api/owner/visits');
    return { owner: TOKEN_OWNER };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return { owner: null };
    throw error;
  }
}

/** The session, loading it once. */
export function useSession() {
  useEffect(() => {
    ensure(SESSION_KEY, loadSession);
  }, []);
  return useSyncExternalStore(subscribe, () => peek<Session>(SESSION_KEY));
}

/** Reads the session again (after signing in, out, or changing the password). */
export function refreshSession(): void {
  invalidate(SESSION_KEY);
}

/** Signs in with email and password; rejects with the server's message. */
export async function signIn(email: string, password: string): Promise<Owner> {
  const answer = await api<{ owner: Owner }>(SESSION_PATH, { method: 'POST', body: { email, password } });
  clearAll();
  ensure(SESSION_KEY, async () => answer);
  return answer.owner;
}

/** Signs out this browser, or every session of the owner when `everywhere`. */
export async function signOut(everywhere = false): Promise<void> {
  if (everywhere) await api(`${SESSION_PATH}/revoke-all`, { method: 'POST' });
  else await api(SESSION_PATH, { method: 'DELETE' });
  clearAll();
  ensure(SESSION_KEY, async (): Promise<Session> => ({ owner: null }));
}
