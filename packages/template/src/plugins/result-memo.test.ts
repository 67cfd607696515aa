import { describe, expect, it } from 'vitest';
import { ResultMemo } from './result-memo.js';

describe('ResultMemo', () => {
  it('keeps one table per locale and options object', () => {
    const memo = new ResultMemo(4);
    const [en, fr, opts, other] = [{}, {}, {}, {}];
    memo.store(memo.table(en, opts), '1', 'one');
    expect(memo.table(en, opts).get('1')).toBe('one');
    expect(memo.table(fr, opts).get('1')).toBeUndefined();
    expect(memo.table(en, other).get('1')).toBeUndefined();
  });

  it('starts a table over when it is full', () => {
    const memo = new ResultMemo(2);
    const t = memo.table({}, {});
    memo.store(t, 'a', 'A');
    memo.store(t, 'b', 'B');
    memo.store(t, 'c', 'C');
    expect([...t.keys()]).toEqual(['c']);
  });
});
