/** Limits of the owner's notes and tags on a customer (issue 28, owner side). */
export const CUSTOMER_NOTE_MAX_LENGTH = 2000;
/** Most notes one customer keeps (the page lists them all). */
export const CUSTOMER_NOTES_MAX = 200;
/** Longest tag. */
export const CUSTOMER_TAG_MAX_LENGTH = 40;
/** Most tags on one customer. */
export const CUSTOMER_TAGS_MAX = 20;

/** Texts of the owner's note and tag calls, in one frozen object. */
export const CustomerNoteMessages = Object.freeze({
  NOTE_EMPTY: 'Write something in the note first.',
  NOTE_TOO_LONG: `A note holds at most ${CUSTOMER_NOTE_MAX_LENGTH} characters.`,
  NOTES_FULL: `A customer keeps at most ${CUSTOMER_NOTES_MAX} notes: delete an old one first.`,
  NOTE_NOT_FOUND: 'This customer has no such note.',
  TAG_EMPTY: 'Write the tag first.',
  TAG_TOO_LONG: `A tag holds at most ${CUSTOMER_TAG_MAX_LENGTH} characters.`,
  TAG_CHARACTERS: 'A tag cannot hold commas or control characters.',
  TAG_TAKEN: 'This customer already has this tag.',
  TAGS_FULL: `A customer has at most ${CUSTOMER_TAGS_MAX} tags: remove one first.`,
  TAG_NOT_FOUND: 'This customer has no such tag.',
});
