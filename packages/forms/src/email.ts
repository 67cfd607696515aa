/** Example address shown in email error texts. */
export const EMAIL_FORMAT_EXAMPLE = 'email@example.com';

/** Email length bounds (spec sections 5 and 9). */
export const EMAIL_LENGTH = Object.freeze({ min: 3, max: 256 });

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/;

/**
 * The one email rule (spec section 5), used by forms, restock sign-ups and comments: a string that,
 * trimmed, has 3-256 characters and the shape name@host.tld with a TLD of 2-4 letters.
 */
export function isValidEmail(input: unknown): boolean {
  if (typeof input !== 'string') return false;
  const email = input.trim();
  return email.length >= EMAIL_LENGTH.min && email.length <= EMAIL_LENGTH.max && SIMPLE_EMAIL.test(email);
}
