import { describe, expect, it } from 'vitest';
import { isAuthenticated, readCookie, shouldLoadCartAtStart } from './cookies.js';

const userInfo = (v: object) => `SiteUserInfo=${encodeURIComponent(JSON.stringify(v))}`;

describe('cookies', () => {
  it('reads and decodes one cookie', () => {
    expect(readCookie('a=1; crumb=abc%3D%3D; b=2', 'crumb')).toBe('abc==');
    expect(readCookie('a=1', 'crumb')).toBeUndefined();
    expect(readCookie('xcrumb=1', 'crumb')).toBeUndefined();
  });

  it.each([
    ['', false],
    ['hasCart=true', true],
    [userInfo({ authenticated: true, siteUserId: 'u1' }), true],
    [userInfo({ authenticated: false }), false],
    ['SiteUserInfo=%7Bbroken', false],
    [`${userInfo({ authenticated: false })}; hasCart=1`, true],
  ])('cart loads at start for %j: %s', (cookies, load) => {
    expect(shouldLoadCartAtStart(cookies)).toBe(load);
  });

  it('tells signed-in visitors apart', () => {
    expect(isAuthenticated(userInfo({ authenticated: true }))).toBe(true);
    expect(isAuthenticated(userInfo({ authenticated: 'yes' }))).toBe(false);
  });
});
