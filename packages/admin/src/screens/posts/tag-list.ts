import { ITEM_MESSAGES, MAX_TAG_LENGTH } from '@emporium/server/collection-items/schemas';

/** What a tag change gives: the new list, or the message saying why not (spec 5). */
export type TagChange = { readonly tags: readonly string[]; readonly error?: undefined } | { readonly tags?: undefined; readonly error: string };

const same = (a: string, b: string) => a.toLocaleLowerCase('en-US') === b.toLocaleLowerCase('en-US');

/** Adds `value` (trimmed) to `tags`: refused when it repeats one ('tag already exists') or is too long. */
export function addTag(tags: readonly string[], value: string, maxLength = MAX_TAG_LENGTH): TagChange {
  const tag = value.trim();
  if (!tag) return { tags };
  if (tag.length > maxLength) return { error: maxLength === MAX_TAG_LENGTH ? ITEM_MESSAGES.tagTooLong : ITEM_MESSAGES.categoryTooLong };
  if (tags.some((t) => same(t, tag))) return { error: maxLength === MAX_TAG_LENGTH ? ITEM_MESSAGES.tagExists : ITEM_MESSAGES.categoryExists };
  return { tags: [...tags, tag] };
}

/** Starts editing the tag at `index`: refused while another is being edited ('only one tag may be edited at a time'). */
export function startEditing(editing: number | null, index: number): { editing: number } | { error: string } {
  if (editing !== null && editing !== index) return { error: ONLY_ONE_TAG };
  return { editing: index };
}

/** Spec 5: the refusal of a second tag edit while one is open. */
export const ONLY_ONE_TAG = 'only one tag may be edited at a time';

/** Replaces the tag at `index` with `value`: refused when it would repeat another tag. */
export function renameTag(tags: readonly string[], index: number, value: string, maxLength = MAX_TAG_LENGTH): TagChange {
  const rest = tags.filter((_t, i) => i !== index);
  const added = addTag(rest, value, maxLength);
  if (added.error !== undefined) return added;
  const tag = value.trim();
  if (!tag) return { tags: rest };
  return { tags: tags.map((t, i) => (i === index ? tag : t)) };
}
