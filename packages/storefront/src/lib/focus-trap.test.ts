import { describe, expect, it } from 'vitest';
import { nextTrappedFocus } from './focus-trap.js';

function fakeContainer(count: number) {
  const items = Array.from({ length: count }, (_, i) => ({ name: `el${i}` }));
  const container = {
    querySelectorAll: () => items,
    contains: (el: unknown) => items.includes(el as { name: string }),
  } as unknown as HTMLElement;
  return { container, items: items as unknown as HTMLElement[] };
}

describe('nextTrappedFocus', () => {
  const { container, items } = fakeContainer(3);

  it.each([
    ['Tab on the last wraps to the first', 2, false, 0],
    ['Shift+Tab on the first wraps to the last', 0, true, 2],
    ['Tab in the middle stays with the browser', 1, false, null],
    ['Shift+Tab in the middle stays with the browser', 1, true, null],
  ] as const)('%s', (_name, active, backwards, expected) => {
    const next = nextTrappedFocus(container, items[active], backwards);
    expect(next).toBe(expected === null ? null : items[expected]);
  });

  it('pulls focus back in from outside', () => {
    expect(nextTrappedFocus(container, null, false)).toBe(items[0]);
    expect(nextTrappedFocus(container, {} as Element, true)).toBe(items[2]);
  });

  it('focuses the container itself when nothing inside can take focus', () => {
    const empty = fakeContainer(0).container;
    expect(nextTrappedFocus(empty, null, false)).toBe(empty);
  });
});
