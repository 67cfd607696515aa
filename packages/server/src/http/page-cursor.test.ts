import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/index.js';
import { decodeCursor, encodeCursor, MAX_PAGE_SIZE, MICROS_PART, pageSize, TEXT_PART, toPage } from './page-cursor.js';

function status(run: () => unknown): number | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.status : -1;
  }
}

describe('page cursors and sizes', () => {
  it('round-trips a keyset position', () => {
    const position = ['1767225600000000', 'id-ü"\\'];
    expect(decodeCursor(encodeCursor(position), [MICROS_PART, TEXT_PART])).toEqual(position);
    expect(decodeCursor(undefined, [MICROS_PART])).toBeUndefined();
    expect(decodeCursor('', [MICROS_PART])).toBeUndefined();
  });

  it.each([
    ['not base64 JSON', 'garbage'],
    ['a part that does not match its pattern', encodeCursor(['x', 'y'])],
    ['too few parts', encodeCursor(['1'])],
    ['too many parts', encodeCursor(['1', 'a', 'b'])],
    ['an object', Buffer.from('{"a":1}').toString('base64url')],
    ['a number part', Buffer.from('[1,"a"]').toString('base64url')],
    ['an over-long cursor', 'a'.repeat(1001)],
    ['a list of cursors', ['a', 'b']],
  ])('refuses %s with 400', (_label, cursor) => {
    expect(status(() => decodeCursor(cursor, [MICROS_PART, TEXT_PART]))).toBe(400);
  });

  it('takes the default, caps at the maximum and refuses other limits with 400', () => {
    expect(pageSize(undefined)).toBe(50);
    expect(pageSize('7')).toBe(7);
    expect(pageSize('100000')).toBe(MAX_PAGE_SIZE);
    for (const bad of ['0', '-3', '2.5', 'ten', ['1', '2']]) expect(status(() => pageSize(bad))).toBe(400);
  });

  it('builds a page from limit + 1 rows with the last row as the next position', () => {
    const rows = [1, 2, 3].map((n) => ({ n }));
    const page = toPage(
      rows,
      2,
      (r) => r.n * 10,
      (r) => [String(r.n)],
    );
    expect(page.items).toEqual([10, 20]);
    expect(page.hasNextPage).toBe(true);
    expect(decodeCursor(page.nextPageCursor, [MICROS_PART])).toEqual(['2']);
    expect(
      toPage(
        rows,
        3,
        (r) => r.n,
        (r) => [String(r.n)],
      ),
    ).toEqual({ items: [1, 2, 3], hasNextPage: false, nextPageCursor: null });
  });
});
