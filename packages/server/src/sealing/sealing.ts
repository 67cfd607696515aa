import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'v1.';

/**
 * Seals a secret with AES-256-GCM under `key` (32 bytes): `v1.` and the base64url of a fresh
 * 12-byte nonce, the 16-byte tag and the ciphertext. `context` (the site and field) is bound
 * as associated data, so a sealed value copied to another site or field does not open.
 */
export function seal(key: Buffer, plaintext: string, context: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
}

/** Opens a value sealed by {@link seal} with the same key and context; throws when it was changed or belongs elsewhere. */
export function unseal(key: Buffer, sealed: string, context: string): string {
  if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed value');
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
