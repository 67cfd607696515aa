import { afterEach, describe, expect, it, vi } from 'vitest';
import { newRequestKey } from './request-key.js';

describe('newRequestKey', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a random UUID where crypto.randomUUID exists', () => {
    const a = newRequestKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newRequestKey()).not.toBe(a);
  });

  it('falls back to 16 random bytes in hex where randomUUID is missing (pages served over plain http)', () => {
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(171) });
    expect(newRequestKey()).toBe('ab'.repeat(16));
  });

  it('is undefined where the page has no crypto at all, so the add goes without a key', () => {
    vi.stubGlobal('crypto', undefined);
    expect(newRequestKey()).toBeUndefined();
  });
});
