import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost parameters of new hashes (N, r, p) and the derived key length in bytes. */
export const SCRYPT_PARAMS = Object.freeze({ N: 16384, r: 8, p: 1, keyLength: 32 });
/** Shortest and longest password an owner may set. */
export const PASSWORD_MIN_LENGTH = 4;
export const PASSWORD_MAX_LENGTH = 200;

const HASH_FORMAT = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$key` (base64url parts, random 16-byte salt). */
export async function hashPassword(password: string): Promise<string> {
  if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new RangeError(`A password must have ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`);
  }
  const { N, r, p, keyLength } = SCRYPT_PARAMS;
  const salt = randomBytes(16);
  const key = await derive(password, salt, keyLength, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** True when `password` matches a hash made by {@link hashPassword}; false for any malformed hash. */
export async function verifyPassword(password: string, hash: unknown): Promise<boolean> {
  if (typeof password !== 'string' || password.length === 0 || password.length > PASSWORD_MAX_LENGTH) return false;
  const m = typeof hash === 'string' ? HASH_FORMAT.exec(hash) : null;
  if (!m) return false;
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const expected = Buffer.from(m[5]!, 'base64url');
  if (expected.length < 16 || N > 1 << 20 || r > 32 || p > 16) return false;
  const actual = await derive(password, Buffer.from(m[4]!, 'base64url'), expected.length, { N, r, p });
  return timingSafeEqual(actual, expected);
}
