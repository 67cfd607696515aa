import { describe, expect, it } from 'vitest';
import { AttemptKeys, outcomeOfStatus } from './attempt-keys.js';

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('AttemptKeys', () => {
  it('reuses the key when the same request is retried after an unknown outcome', () => {
    const keys = new AttemptKeys(counter());
    const body = { email: 'a@example.com', cardNumber: '4242' };
    expect(keys.keyFor(body)).toBe('key-1');
    keys.settle('unknown');
    expect(keys.keyFor({ ...body })).toBe('key-1');
  });

  it('uses a new key for a changed request or after a refusal or success', () => {
    const keys = new AttemptKeys(counter());
    keys.keyFor({ a: 1 });
    keys.settle('unknown');
    expect(keys.keyFor({ a: 2 })).toBe('key-2');
    keys.settle('refused');
    expect(keys.keyFor({ a: 2 })).toBe('key-3');
    keys.settle('placed');
    expect(keys.keyFor({ a: 2 })).toBe('key-4');
  });

  it('makes random keys by default', () => {
    const keys = new AttemptKeys();
    const first = keys.keyFor({});
    keys.settle('refused');
    expect(first).toMatch(/^[\w-]{16,}$/);
    expect(keys.keyFor({})).not.toBe(first);
  });

  it.each([
    [0, 'unknown'],
    [500, 'unknown'],
    [503, 'unknown'],
    [409, 'unknown'],
    [400, 'refused'],
    [422, 'refused'],
    [429, 'refused'],
  ])('status %i is %s', (status, outcome) => {
    expect(outcomeOfStatus(status)).toBe(outcome);
  });
});
