import { describe, expect, it } from 'vitest';
import { signAccessGrant, verifyAccessGrant } from './access-grant.js';
import { safeReturnPath } from './access-state.js';
import { hashPassword, verifyPassword } from './password-hash.js';

describe('password hashes (scrypt)', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('open sesame');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain('open sesame');
    await expect(verifyPassword('open sesame', hash)).resolves.toBe(true);
    await expect(verifyPassword('open sesamE', hash)).resolves.toBe(false);
    await expect(verifyPassword('', hash)).resolves.toBe(false);
  });

  it('salts each hash and refuses malformed ones', async () => {
    expect(await hashPassword('same-pass')).not.toBe(await hashPassword('same-pass'));
    await expect(verifyPassword('x', 'plain')).resolves.toBe(false);
    await expect(verifyPassword('x', undefined)).resolves.toBe(false);
    await expect(verifyPassword('x', 'scrypt$99999999$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).resolves.toBe(false);
  });

  it('rejects passwords outside the length limits', async () => {
    await expect(hashPassword('abc')).rejects.toThrow(/4 to 200 characters/);
    await expect(hashPassword('x'.repeat(201))).rejects.toThrow(RangeError);
  });
});

describe('access grants', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const grant = signAccessGrant('scrypt$hash-a', 'site-1', 'site', now + 1000);

  it('accepts a grant for the same site, scope and password before it expires', () => {
    expect(verifyAccessGrant(grant, 'scrypt$hash-a', 'site-1', 'site', now)).toBe(true);
  });

  it('refuses expired, tampered, other-scope, other-site and re-passworded grants', () => {
    expect(verifyAccessGrant(grant, 'scrypt$hash-a', 'site-1', 'site', now + 1000)).toBe(false);
    expect(verifyAccessGrant(grant.replace(/^\d+/, String(now + 99_999)), 'scrypt$hash-a', 'site-1', 'site', now)).toBe(false);
    expect(verifyAccessGrant(grant, 'scrypt$hash-a', 'site-1', 'collection-1', now)).toBe(false);
    expect(verifyAccessGrant(grant, 'scrypt$hash-a', 'site-2', 'site', now)).toBe(false);
    expect(verifyAccessGrant(grant, 'scrypt$hash-b', 'site-1', 'site', now)).toBe(false);
    expect(verifyAccessGrant(undefined, 'scrypt$hash-a', 'site-1', 'site', now)).toBe(false);
  });
});

describe('safeReturnPath', () => {
  it('keeps local paths and replaces anything else with /', () => {
    expect(safeReturnPath('/journal?page=2')).toBe('/journal?page=2');
    expect(safeReturnPath('//evil.example/')).toBe('/');
    expect(safeReturnPath('https://evil.example/')).toBe('/');
    expect(safeReturnPath('/\\evil.example')).toBe('/');
    expect(safeReturnPath(42)).toBe('/');
  });
});
