/** Example address shown in email error texts. */
export const EMAIL_FORMAT_EXAMPLE = 'email@example.com';

/** Email length bounds (spec section 9). */
export const EMAIL_LENGTH = Object.freeze({ min: 3, max: 256 });

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/;

/** True for a trimmed string of 3-256 characters shaped name@host.tld with a 2-4 letter TLD. */
export function isValidEmail(input: unknown): boolean {
  if (typeof input !== 'string') return false;
  const email = input.trim();
  return email.length >= EMAIL_LENGTH.min && email.length <= EMAIL_LENGTH.max && SIMPLE_EMAIL.test(email);
}
