import { sha256 } from './sha256.js';

/** A challenge as `GET /api/captcha/challenge` returns it. */
export interface PowChallenge {
  challenge: string;
  difficulty: number;
  algorithm: 'SHA-256';
  expiresAt: string;
}

/** Characters a nonce may use (base-36, at most 32 of them). */
export const NONCE_PATTERN = /^[0-9a-z]{1,32}$/;

/** Number of leading zero bits of a byte string. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** True when sha256(challenge + nonce), computed with Web Crypto, starts with at least `difficulty` zero bits. */
export async function meetsDifficulty(challenge: string, nonce: string, difficulty: number): Promise<boolean> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(challenge + nonce));
  return leadingZeroBits(new Uint8Array(digest)) >= difficulty;
}

/** Options of {@link solvePowChallenge}. */
export interface SolveOptions {
  /** Give up after this many hashes (default 2^26). */
  readonly maxAttempts?: number;
  /** Hashes between two yields to the event loop (default 1,000, a few milliseconds). */
  readonly chunkSize?: number;
  /** Lets the page run between chunks; default a new task (MessageChannel, else a zero timer). */
  readonly yieldToPage?: () => Promise<void>;
  /** Stops the search with an AbortError. */
  readonly signal?: AbortSignal;
}

/** Resolves in a new task: a MessageChannel message where available (no 4 ms timer clamping), else a zero timer. */
function nextTask(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Finds a nonce for a challenge and returns the captcha token `challenge:nonce`, sent as
 * `captchaKey` (forms) or `captchaToken` (restock). Hashes synchronously in chunks of
 * `chunkSize` and yields to the event loop between chunks, so a page stays responsive.
 */
export async function solvePowChallenge(challenge: Pick<PowChallenge, 'challenge' | 'difficulty'>, options: SolveOptions = {}): Promise<string> {
  const { maxAttempts = 1 << 26, chunkSize = 1_000, yieldToPage = nextTask, signal } = options;
  if (!Number.isInteger(challenge.difficulty) || challenge.difficulty < 1 || challenge.difficulty > 32) {
    throw new RangeError(`difficulty must be 1-32, got ${JSON.stringify(challenge.difficulty)}`);
  }
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new RangeError('chunkSize must be a positive integer');
  const prefix = new TextEncoder().encode(challenge.challenge);
  const buffer = new Uint8Array(prefix.length + 32);
  buffer.set(prefix);
  for (let n = 0; n < maxAttempts; ) {
    signal?.throwIfAborted();
    const end = Math.min(n + chunkSize, maxAttempts);
    for (; n < end; n += 1) {
      const nonce = n.toString(36);
      for (let i = 0; i < nonce.length; i += 1) buffer[prefix.length + i] = nonce.charCodeAt(i);
      if (leadingZeroBits(sha256(buffer.subarray(0, prefix.length + nonce.length))) >= challenge.difficulty) {
        return `${challenge.challenge}:${nonce}`;
      }
    }
    if (n < maxAttempts) await yieldToPage();
  }
  throw new Error(`No nonce found in ${maxAttempts} attempts`);
}
