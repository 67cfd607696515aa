import { createHash } from 'node:crypto';

/**
 * The hash a translation keeps of the source text it was made from: SHA-256 of the text's
 * UTF-8 bytes, the first 128 bits in base64url (22 characters). The text is compared as the
 * owner wrote it, so any edit, even of spacing, marks the translations stale.
 */
export function sourceHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64url').slice(0, 22);
}
