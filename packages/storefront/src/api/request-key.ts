/**
 * A new random Idempotency-Key: `crypto.randomUUID()` where the page has it (secure contexts),
 * else 16 bytes of `crypto.getRandomValues` in hex (pages served over plain http), else
 * undefined: without a strong random source the request goes without a key.
 */
export function newRequestKey(): string | undefined {
  const c = globalThis.crypto as Crypto | undefined;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  if (typeof c?.getRandomValues !== 'function') return undefined;
  const bytes = c.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
