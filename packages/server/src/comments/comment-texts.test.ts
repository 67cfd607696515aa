import { describe, expect, it } from 'vitest';
import { commentCountText } from './comment-texts.js';
import { COMMENT_STATE_OPEN, acceptsComments, commentStateOf, commentsVisible } from './comment-visibility.js';

describe('comment count text (spec 9)', () => {
  it.each([
    [0, 'No Comments'],
    [1, '1 Comment'],
    [2, '2 Comments'],
    [17, '17 Comments'],
  ])('%i -> %s', (count, text) => expect(commentCountText(count)).toBe(text));

  it('refuses negative or fractional counts', () => {
    expect(() => commentCountText(-1)).toThrow(RangeError);
    expect(() => commentCountText(1.5)).toThrow(RangeError);
  });
});

describe('comment visibility (spec 4)', () => {
  it.each([
    ['open, no comments', true, 1, 0, true],
    ['closed with public comments', true, 0, 3, true],
    ['closed without comments', true, 0, 0, false],
    ['open but site comments off', false, 1, 3, false],
    ['setting missing', undefined, 1, 1, false],
  ] as const)('%s', (_name, commentsEnabled, commentState, publicCommentCount, shown) => {
    expect(commentsVisible({ commentsEnabled, commentState, publicCommentCount })).toBe(shown);
  });

  it('reads commentState 1 from structured_content.commentsOpen and accepts posts only then', () => {
    expect(COMMENT_STATE_OPEN).toBe(1);
    expect(commentStateOf({ commentsOpen: true })).toBe(1);
    expect(commentStateOf({ commentsOpen: 'yes' })).toBe(0);
    expect(acceptsComments(true, 1)).toBe(true);
    expect(acceptsComments(true, 0)).toBe(false);
    expect(acceptsComments(false, 1)).toBe(false);
  });
});
