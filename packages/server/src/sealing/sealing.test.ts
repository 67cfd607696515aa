import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from './sealing.js';

describe('sealing of stored secrets (payment and captcha keys)', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and never shows the secret', () => {
    const sealed = seal(key, 'sk_test_123456789012', 'site-1:secret');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('sk_test');
    expect(unseal(key, sealed, 'site-1:secret')).toBe('sk_test_123456789012');
    expect(seal(key, 'same', 'c')).not.toBe(seal(key, 'same', 'c'));
  });

  it('refuses another key, another context and a changed value', () => {
    const sealed = seal(key, 'whsec_abc', 'site-1:webhook');
    expect(() => unseal(randomBytes(32), sealed, 'site-1:webhook')).toThrow();
    expect(() => unseal(key, sealed, 'site-2:webhook')).toThrow();
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(() => unseal(key, flipped, 'site-1:webhook')).toThrow();
    expect(() => unseal(key, 'plain', 'site-1:webhook')).toThrow('not a sealed value');
  });
});
