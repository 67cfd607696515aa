import { validationFailed } from '../http/errors.js';

/** Limits on a posted comment (characters, after trimming). */
export const COMMENT_LIMITS = Object.freeze({
  nameMax: 100,
  /** Spec 9: email length 3-256. */
  emailMin: 3,
  emailMax: 256,
  bodyMax: 5000,
});

/** Field messages of a refused comment. */
export const CommentMessages = Object.freeze({
  NAME_REQUIRED: 'Please enter your name.',
  NAME_TOO_LONG: `Your name can have at most ${COMMENT_LIMITS.nameMax} characters.`,
  EMAIL_INVALID: 'Please enter a valid email',
  BODY_REQUIRED: 'Please write a comment.',
  BODY_TOO_LONG: `A comment can have at most ${COMMENT_LIMITS.bodyMax} characters.`,
  INVALID: 'Your comment could not be posted.',
});

/** A validated comment. */
export interface CommentInput {
  name: string;
  email: string;
  body: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function field(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value.trim() : '';
}

/** True for an address of 3-256 characters shaped like `local@domain.tld`. */
export function isValidEmail(email: string): boolean {
  return email.length >= COMMENT_LIMITS.emailMin && email.length <= COMMENT_LIMITS.emailMax && EMAIL.test(email);
}

/** Validates a posted comment body; throws a 400 with per-field errors (name, email, body). */
export function parseCommentInput(raw: unknown): CommentInput {
  const body = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const input = { name: field(body, 'name'), email: field(body, 'email'), body: field(body, 'body') };
  const errors: Record<string, string> = {};
  if (!input.name) errors.name = CommentMessages.NAME_REQUIRED;
  else if (input.name.length > COMMENT_LIMITS.nameMax) errors.name = CommentMessages.NAME_TOO_LONG;
  if (!isValidEmail(input.email)) errors.email = CommentMessages.EMAIL_INVALID;
  if (!input.body) errors.body = CommentMessages.BODY_REQUIRED;
  else if (input.body.length > COMMENT_LIMITS.bodyMax) errors.body = CommentMessages.BODY_TOO_LONG;
  if (Object.keys(errors).length) throw validationFailed(CommentMessages.INVALID, errors);
  return input;
}
