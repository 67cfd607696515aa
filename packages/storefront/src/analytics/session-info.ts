import { readCookie, writeCookie, type CookieJar, type KeyValueStore } from './browser-storage.js';

/** Spec 9 session keys: the tab's first-session flag, the browser's landing marker and the session id cookie. */
export const SessionKeys = Object.freeze({
  IS_FIRST_SESSION: 'SS_IS_FIRST_SESSION',
  HAS_LANDED: 'SS_HAS_LANDED',
  SESSION_ID: 'SS_SESSION_ID',
} as const);

/** What spec 4 says about this visit. */
export interface SessionInfo {
  /** First page of this tab. */
  isFirstLanding: boolean;
  /** No landing marker existed before this tab's first page. */
  isFirstSession: boolean;
  /** Absent when the session id may not be kept. */
  sessionId?: string;
}

/** Where session state lives: the landing marker in local storage, the tab's flag in session storage. */
export interface SessionStores {
  local: KeyValueStore | null;
  session: KeyValueStore | null;
  cookies: CookieJar;
  newId: () => string;
}

/**
 * Spec 4 session rules. The first landing of each tab is recorded (the tab's flag is absent);
 * that tab's session is the first when no earlier landing marker exists, and later pages of the
 * tab keep that answer. The session id is created once and kept in a browser-session cookie,
 * only with `keepSessionId` (the restrictive cookie policy stores nothing identifying). Storage
 * that cannot be used gives a visit that is neither a first landing nor a first session.
 */
export function readSessionInfo(stores: SessionStores, keepSessionId: boolean, secure: boolean): SessionInfo {
  const { local, session, cookies } = stores;
  let info: SessionInfo = { isFirstLanding: false, isFirstSession: false };
  try {
    if (local && session) {
      const flag = session.getItem(SessionKeys.IS_FIRST_SESSION);
      const isFirstLanding = flag === null;
      const isFirstSession = isFirstLanding ? local.getItem(SessionKeys.HAS_LANDED) === null : flag === 'true';
      local.setItem(SessionKeys.HAS_LANDED, 'true');
      if (isFirstLanding) session.setItem(SessionKeys.IS_FIRST_SESSION, String(isFirstSession));
      info = { isFirstLanding, isFirstSession };
    }
  } catch {
    info = { isFirstLanding: false, isFirstSession: false };
  }
  if (!keepSessionId) return info;
  let sessionId = readCookie(cookies.cookie, SessionKeys.SESSION_ID);
  if (!sessionId) {
    writeCookie(cookies, SessionKeys.SESSION_ID, stores.newId(), { secure });
    sessionId = readCookie(cookies.cookie, SessionKeys.SESSION_ID);
  }
  return sessionId ? { ...info, sessionId } : info;
}
