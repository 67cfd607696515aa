import { ITEM_MESSAGES, MAX_CATEGORY_LENGTH } from '@emporium/server/collection-items/schemas';
import { describe, expect, it } from 'vitest';
import { addTag, ONLY_ONE_TAG, renameTag, startEditing } from './tag-list.js';

// Spec 5 "Image component and editor": 'tag already exists', 'only one tag may be edited at a time'; spec 9 tag and category lengths.
describe('the item editor tag list (spec 5, spec 9)', () => {
  it('adds a tag, and refuses one that exists ("tag already exists") or is over 50 characters', () => {
    expect(addTag(['dye'], ' indigo ')).toEqual({ tags: ['dye', 'indigo'] });
    expect(addTag(['dye'], 'Dye')).toEqual({ error: 'tag already exists' });
    expect(addTag([], 'x'.repeat(51))).toEqual({ error: ITEM_MESSAGES.tagTooLong });
    expect(addTag([], 'c'.repeat(26), MAX_CATEGORY_LENGTH)).toEqual({ error: ITEM_MESSAGES.categoryTooLong });
  });

  it('edits one tag at a time ("only one tag may be edited at a time")', () => {
    expect(startEditing(null, 1)).toEqual({ editing: 1 });
    expect(startEditing(1, 2)).toEqual({ error: 'only one tag may be edited at a time' });
    expect(ONLY_ONE_TAG).toBe('only one tag may be edited at a time');
    expect(renameTag(['dye', 'wool'], 1, 'linen')).toEqual({ tags: ['dye', 'linen'] });
    expect(renameTag(['dye', 'wool'], 1, 'DYE')).toEqual({ error: 'tag already exists' });
  });
});
