import { describe, expect, it } from 'vitest';
import { ArgsMemo } from './args-memo.js';

describe('ArgsMemo', () => {
  it('parses a list once and returns the same result for it', () => {
    let calls = 0;
    const memo = new ArgsMemo((args) => {
      calls++;
      return args.join('+');
    });
    const list = ['a', 'b'];
    expect(memo.get(list)).toBe('a+b');
    expect(memo.get(list)).toBe('a+b');
    expect(calls).toBe(1);
  });

  it('parses an equal but distinct list again', () => {
    let calls = 0;
    const memo = new ArgsMemo((args) => ({ n: ++calls, text: args.join(',') }));
    const one = memo.get(['x']);
    const two = memo.get(['x']);
    expect(one.text).toBe(two.text);
    expect(one).not.toBe(two);
    expect(calls).toBe(2);
  });
});
