import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256 } from './sha256.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('sha256', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ])('hashes %j to the published digest', (text, digest) => {
    expect(hex(sha256(new TextEncoder().encode(text)))).toBe(digest);
  });

  it('matches node:crypto on every length around the block boundaries', () => {
    for (let length = 0; length <= 200; length += 1) {
      const input = randomBytes(length);
      expect(hex(sha256(new Uint8Array(input))), `length ${length}`).toBe(createHash('sha256').update(input).digest('hex'));
    }
  });
});
