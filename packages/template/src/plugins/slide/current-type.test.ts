import { describe, expect, it } from 'vitest';
import { runPredicate } from '../content/fake-context.js';
import { predicates } from './index.js';

describe('current-type?', () => {
  const check = (node: unknown, args: string[]) => runPredicate(predicates['current-type?'], node, args);
  it.each([
    ['heading', 1],
    ['gallery', 5],
    ['social-icons', 7],
    ['twitter', 19],
  ])('matches %s by code %i', (name, code) => {
    expect(check({ currentType: code }, [name])).toBe(true);
    expect(check({ currentType: code + 1 }, [name])).toBe(false);
  });
  it('is false for unknown names or no argument', () => {
    expect(check({ currentType: 5 }, ['nope'])).toBe(false);
    expect(check({ currentType: 5 }, [])).toBe(false);
    expect(check({ currentType: -1 }, ['gallery'])).toBe(false);
  });
});
