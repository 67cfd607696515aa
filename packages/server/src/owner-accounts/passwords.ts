import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

/** Shortest accepted owner account password. */
export const MIN_PASSWORD_LENGTH = 12;
/** Longest accepted owner account password (bounds hashing work per request). */
export const MAX_PASSWORD_LENGTH = 200;

/**
 * argon2id at OWASP's first recommended setting: 19 MiB of memory, 2 passes, 1 lane
 * (docs/decisions/0017-owner-accounts.md has the measured time). `2` is argon2id in
 * @node-rs/argon2's `Algorithm` (a const enum, which isolated modules cannot read).
 */
export const ARGON2_OPTIONS: Readonly<Options> = Object.freeze({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });

/** Hashes an owner password as an argon2id PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of nothing anyone knows, checked when no account matches so both answers take as long. */
let decoy: Promise<string> | undefined;

/** True when `password` matches `stored`; for a missing hash it spends the same time and answers false. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hashPassword(randomBytes(24).toString('base64url'));
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A one-time password for the command line: 20 characters from an unambiguous alphabet (about 100 bits). */
export function oneTimePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(40);
  let out = '';
  for (const byte of bytes) {
    if (byte >= alphabet.length * 4) continue;
    out += alphabet[byte % alphabet.length];
    if (out.length === 20) return out;
  }
  return out + oneTimePassword().slice(0, 20 - out.length);
}
