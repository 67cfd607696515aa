import { describe, expect, it, vi } from 'vitest';
import { ANALYTICS_EXPIRATION_KEY, ANALYTICS_ID_KEY, resolveAnalyticsId } from './analytics-id.js';
import { readCookie } from './browser-storage.js';
import { clearIdentifyingState, isRestrictive } from './cookie-policy.js';
import { readSessionInfo, SessionKeys } from './session-info.js';
import { FakeCookieJar, FakeStorage } from './test-browser.js';
import { ensureVisitorCookies, LONG_LIVED_SECONDS, mayTrackEvents, SHORT_LIVED_SECONDS, SS_C_COOKIES } from './visitor-cookies.js';

const NOW = Date.UTC(2026, 10, 24, 12);
const DAY = 86_400_000;

describe('visitor cookies (spec 9: long-lived 2 years, short 30 minutes, SS_MID)', () => {
  it('gives a new visitor ss_cvr and SS_MID for 2 years and ss_cvt for 30 minutes', () => {
    const jar = new FakeCookieJar();
    const ids = ensureVisitorCookies(jar, NOW, false);
    expect(ids.visitorId).toMatch(/^[0-9a-f]{32}$/);
    expect(ids.marketingId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids.newVisit).toBe(true);
    expect(jar.maxAgeOf('ss_cvr')).toBe(LONG_LIVED_SECONDS);
    expect(jar.maxAgeOf('SS_MID')).toBe(LONG_LIVED_SECONDS);
    expect(jar.maxAgeOf('ss_cvt')).toBe(SHORT_LIVED_SECONDS);
    expect(LONG_LIVED_SECONDS).toBe(2 * 365 * 86_400);
    expect(SHORT_LIVED_SECONDS).toBe(1800);
  });

  it('keeps existing ids and reports a visit continuing within 30 minutes', () => {
    const jar = new FakeCookieJar({ ss_cvr: 'abcdef0123456789', SS_MID: 'm-1', ss_cvt: String(NOW - 60_000) });
    const ids = ensureVisitorCookies(jar, NOW, true);
    expect(ids).toEqual({ visitorId: 'abcdef0123456789', marketingId: 'm-1', newVisit: false });
    expect(readCookie(jar.cookie, 'ss_cvt')).toBe(String(NOW));
    expect(jar.jar.get('ss_cvt')?.secure).toBe(true);
  });

  it('gives no ids when the browser refuses cookies, and then no events go out (spec 7)', () => {
    const jar = new FakeCookieJar({}, true);
    expect(ensureVisitorCookies(jar, NOW, false)).toEqual({ visitorId: undefined, marketingId: undefined, newVisit: true });
    expect(mayTrackEvents(jar.cookie)).toBe(false);
    expect(mayTrackEvents('ss_cvr=abc0123456')).toBe(true);
  });
});

describe('analytics id (spec 4: cookie, then local storage, then memory, else new)', () => {
  const sources = (cookies: FakeCookieJar, local: FakeStorage | null, memory: { analyticsId?: string } = {}) => ({
    cookies,
    local,
    memory,
    now: NOW,
    newId: () => 'new-id',
    warn: vi.fn(),
  });

  it('takes the cookie first', () => {
    const local = new FakeStorage();
    local.setItem(ANALYTICS_ID_KEY, 'from-local');
    local.setItem(ANALYTICS_EXPIRATION_KEY, new Date(NOW + DAY).toUTCString());
    expect(resolveAnalyticsId(sources(new FakeCookieJar({ SS_ANALYTICS_ID: 'from-cookie' }), local, { analyticsId: 'from-memory' }), true, false)).toBe(
      'from-cookie',
    );
    expect(local.getItem(ANALYTICS_ID_KEY)).toBe('from-cookie');
  });

  it('then local storage until its stored expiration, writing the cookie back for 390 days', () => {
    const jar = new FakeCookieJar();
    const local = new FakeStorage();
    local.setItem(ANALYTICS_ID_KEY, 'from-local');
    local.setItem(ANALYTICS_EXPIRATION_KEY, new Date(NOW + DAY).toUTCString());
    expect(resolveAnalyticsId(sources(jar, local, { analyticsId: 'from-memory' }), true, false)).toBe('from-local');
    expect(readCookie(jar.cookie, ANALYTICS_ID_KEY)).toBe('from-local');
    expect(jar.maxAgeOf(ANALYTICS_ID_KEY)).toBe(390 * 86_400);
    expect(Date.parse(local.getItem(ANALYTICS_EXPIRATION_KEY)!)).toBe(NOW + 390 * DAY);
  });

  it('drops an expired or unreadable local copy and falls to memory', () => {
    for (const expiration of [new Date(NOW - 1000).toUTCString(), 'not a date']) {
      const local = new FakeStorage();
      local.setItem(ANALYTICS_ID_KEY, 'stale');
      local.setItem(ANALYTICS_EXPIRATION_KEY, expiration);
      expect(resolveAnalyticsId(sources(new FakeCookieJar(), local, { analyticsId: 'from-memory' }), false, false)).toBe('from-memory');
      expect(local.getItem(ANALYTICS_ID_KEY)).toBeNull();
    }
  });

  it('else makes a new id and keeps it in memory', () => {
    const memory: { analyticsId?: string } = {};
    expect(resolveAnalyticsId(sources(new FakeCookieJar(), new FakeStorage(), memory), true, false)).toBe('new-id');
    expect(memory.analyticsId).toBe('new-id');
  });

  it("warns 'Unable to store analyticsId' when storage refuses (spec 8) and still answers", () => {
    const s = sources(new FakeCookieJar(), new FakeStorage(true));
    expect(resolveAnalyticsId(s, true, false)).toBe('new-id');
    expect(s.warn).toHaveBeenCalledWith('Unable to store analyticsId');
    const none = sources(new FakeCookieJar(), null);
    resolveAnalyticsId(none, true, false);
    expect(none.warn).toHaveBeenCalledWith('Unable to store analyticsId');
  });

  it('stores nothing when it may not persist (restrictive policy)', () => {
    const jar = new FakeCookieJar();
    const local = new FakeStorage();
    expect(resolveAnalyticsId(sources(jar, local), false, false)).toBe('new-id');
    expect(jar.cookie).toBe('');
    expect(local.items.size).toBe(0);
  });
});

describe('session info (spec 4: first landing per tab, first session, session id once)', () => {
  const stores = (cookies: FakeCookieJar, local: FakeStorage | null, session: FakeStorage | null) => ({ cookies, local, session, newId: () => 'session-1' });

  it('flags the first session of a browser on its first landing and keeps the answer in the tab', () => {
    const local = new FakeStorage();
    const tab = new FakeStorage();
    const jar = new FakeCookieJar();
    expect(readSessionInfo(stores(jar, local, tab), true, false)).toEqual({ isFirstLanding: true, isFirstSession: true, sessionId: 'session-1' });
    expect(local.getItem(SessionKeys.HAS_LANDED)).toBe('true');
    expect(tab.getItem(SessionKeys.IS_FIRST_SESSION)).toBe('true');
    expect(readSessionInfo(stores(jar, local, tab), true, false)).toEqual({ isFirstLanding: false, isFirstSession: true, sessionId: 'session-1' });
    expect(jar.maxAgeOf(SessionKeys.SESSION_ID)).toBeUndefined();
  });

  it('a new tab after an earlier landing is a first landing but not a first session', () => {
    const local = new FakeStorage();
    local.setItem(SessionKeys.HAS_LANDED, 'true');
    const tab = new FakeStorage();
    expect(readSessionInfo(stores(new FakeCookieJar(), local, tab), true, false)).toMatchObject({ isFirstLanding: true, isFirstSession: false });
    expect(tab.getItem(SessionKeys.IS_FIRST_SESSION)).toBe('false');
  });

  it('keeps the session id cookie it finds', () => {
    const jar = new FakeCookieJar({ SS_SESSION_ID: 'kept' });
    expect(readSessionInfo(stores(jar, new FakeStorage(), new FakeStorage()), true, false).sessionId).toBe('kept');
  });

  it('keeps no session id under the restrictive policy, and survives blocked storage', () => {
    const jar = new FakeCookieJar();
    expect(readSessionInfo(stores(jar, new FakeStorage(), new FakeStorage()), false, false).sessionId).toBeUndefined();
    expect(jar.cookie).toBe('');
    expect(readSessionInfo(stores(jar, new FakeStorage(true), new FakeStorage(true)), false, false)).toEqual({ isFirstLanding: false, isFirstSession: false });
  });
});

describe('restrictive cookie policy (spec 6)', () => {
  it('applies for the restrictive policy and always for cloneable sites', () => {
    expect(isRestrictive({ cookiePolicy: 'restrictive' })).toBe(true);
    expect(isRestrictive({ cloneable: 'true' })).toBe(true);
    expect(isRestrictive({})).toBe(false);
  });

  it('clears the five ss_c cookies and every identifying cookie and stored id', () => {
    expect(SS_C_COOKIES).toHaveLength(5);
    expect(SS_C_COOKIES.every((name) => name.startsWith('ss_c'))).toBe(true);
    const identifying = Object.fromEntries([...SS_C_COOKIES, 'SS_MID', 'SS_ANALYTICS_ID', 'SS_SESSION_ID'].map((n) => [n, 'x']));
    const jar = new FakeCookieJar({ ...identifying, crumb: 'c', hasCart: '1' });
    const local = new FakeStorage();
    local.setItem(ANALYTICS_ID_KEY, 'a');
    local.setItem(ANALYTICS_EXPIRATION_KEY, 'd');
    clearIdentifyingState(jar, local);
    expect(jar.cookie).toBe('crumb=c; hasCart=1');
    expect(local.items.size).toBe(0);
    expect(() => clearIdentifyingState(jar, new FakeStorage(true))).not.toThrow();
  });
});
