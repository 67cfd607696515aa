/**
 * Schemas of the owner's note and tag calls on a customer. Pure zod (no server code), so the
 * dashboard can validate with the very same rules.
 */
import { z } from 'zod';
import { CUSTOMER_NOTE_MAX_LENGTH, CUSTOMER_TAG_MAX_LENGTH, CustomerNoteMessages } from './customer-notes-messages.js';

const id = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'Not a valid id.' })
  .describe('An id');

/** Path parameters naming one customer. */
export const CustomerParams = z.object({ siteUserId: id });
/** Path parameters naming one note of a customer. */
export const NoteParams = z.object({ siteUserId: id, noteId: id });
/** Path parameters naming one tag of a customer (any case). */
export const TagParams = z.object({ siteUserId: id, tag: z.string().min(1).max(200).describe('The tag, URL-encoded') });

/** A tag as an owner writes it: trimmed, 1 to 40 characters, no comma or control character. */
export const TagText = z
  .string({ error: CustomerNoteMessages.TAG_EMPTY })
  .trim()
  .min(1, { error: CustomerNoteMessages.TAG_EMPTY })
  .max(CUSTOMER_TAG_MAX_LENGTH, { error: CustomerNoteMessages.TAG_TOO_LONG })
  .regex(/^[^,\p{Cc}]+$/u, { error: CustomerNoteMessages.TAG_CHARACTERS });

/** The body of a new note. */
export const NoteBody = z.strictObject({
  body: z
    .string({ error: CustomerNoteMessages.NOTE_EMPTY })
    .trim()
    .min(1, { error: CustomerNoteMessages.NOTE_EMPTY })
    .max(CUSTOMER_NOTE_MAX_LENGTH, { error: CustomerNoteMessages.NOTE_TOO_LONG })
    .describe(`The note, at most ${CUSTOMER_NOTE_MAX_LENGTH} characters`),
});

/** The body of a new tag. */
export const TagBody = z.strictObject({ tag: TagText.describe(`A label of at most ${CUSTOMER_TAG_MAX_LENGTH} characters`) });

/** A note as the owner reads it. */
export const NoteView = z.object({
  id: z.string(),
  body: z.string(),
  authorEmail: z.string().nullable().describe('The owner who wrote it (null for the command-line token)'),
  createdAt: z.string().describe('ISO 8601 time'),
});

/** A customer's notes, newest first. */
export const NoteList = z.object({ notes: z.array(NoteView) }).describe("The owner's notes on a customer, newest first (never shown to the customer)");

/** A customer's tags after a change, in the order they were added. */
export const TagList = z.object({ tags: z.array(z.string()) }).describe("The customer's tags, in the order they were added");

export type NoteView = z.infer<typeof NoteView>;
export type NoteList = z.infer<typeof NoteList>;
export type TagList = z.infer<typeof TagList>;
