import { describe, expect, it } from 'vitest';
import { leadingZeroBits, meetsDifficulty, solvePowChallenge } from './proof-of-work.js';

describe('proof of work', () => {
  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0, 0, 1]))).toBe(23);
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x0f, 0xff]))).toBe(4);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });

  it('finds a nonce that Web Crypto confirms, the first one in order', async () => {
    const challenge = '0123456789abcdef0123456789abcdef';
    const token = await solvePowChallenge({ challenge, difficulty: 12 });
    const [prefix, nonce] = token.split(':');
    expect(prefix).toBe(challenge);
    expect(await meetsDifficulty(challenge, nonce!, 12)).toBe(true);
    const n = parseInt(nonce!, 36);
    for (let earlier = Math.max(0, n - 50); earlier < n; earlier += 1) {
      expect(await meetsDifficulty(challenge, earlier.toString(36), 12)).toBe(false);
    }
  });

  it('yields to the page between chunks of hashes', async () => {
    let yields = 0;
    const token = await solvePowChallenge({ challenge: 'abc', difficulty: 14 }, { chunkSize: 100, yieldToPage: async () => void (yields += 1) });
    const attempts = parseInt(token.split(':')[1]!, 36) + 1;
    expect(yields).toBe(Math.floor((attempts - 1) / 100));
  });

  it('stops when aborted and after maxAttempts', async () => {
    const controller = new AbortController();
    const solving = solvePowChallenge({ challenge: 'abc', difficulty: 32 }, { signal: controller.signal, chunkSize: 10 });
    controller.abort();
    await expect(solving).rejects.toThrow(/abort/i);
    await expect(solvePowChallenge({ challenge: 'abc', difficulty: 32 }, { maxAttempts: 50 })).rejects.toThrow('No nonce found in 50 attempts');
  });

  it('refuses difficulties outside 1-32', async () => {
    await expect(solvePowChallenge({ challenge: 'abc', difficulty: 0 })).rejects.toThrow('difficulty must be 1-32');
    await expect(solvePowChallenge({ challenge: 'abc', difficulty: 33 })).rejects.toThrow('difficulty must be 1-32');
  });
});
