import { describe, expect, it } from 'vitest';
import { KIND_LABELS, pageKindLabel } from './page-calls.js';

describe('what the Pages screen calls a page', () => {
  it('names a course collection (spec 3, Collection types: course 25) "Course", not the blog its kind says', () => {
    expect(pageKindLabel({ kind: 'blog', type: 25 })).toBe('Course');
    expect(pageKindLabel({ kind: 'blog', type: 1 })).toBe(KIND_LABELS.blog);
    expect(pageKindLabel({ kind: 'store', type: 13 })).toBe(KIND_LABELS.store);
  });
});
