import { describe, expect, it } from 'vitest';
import { EMAIL_LENGTH, isValidEmail } from './email.js';

/** An address of exactly `length` characters ending in `@example.com`. */
const addressOfLength = (length: number): string => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

describe('email rule (spec section 5: length 3-256, TLD 2-4 characters)', () => {
  it.each([
    ['two-character TLD', 'a@b.co', true],
    ['four-character TLD', 'first.last@example.info', true],
    ['one-character TLD', 'a@b.c', false],
    ['five-character TLD', 'a@b.abcde', false],
    ['256 characters', addressOfLength(EMAIL_LENGTH.max), true],
    ['257 characters', addressOfLength(EMAIL_LENGTH.max + 1), false],
    ['surrounding spaces trimmed', '  a@b.co  ', true],
    ['space inside', 'a b@c.com', false],
    ['no local part', '@c.com', false],
    ['two at signs', 'a@b@c.com', false],
    ['no dot in the domain', 'a@bcom', false],
    ['empty', '', false],
    ['shorter than 3 characters', 'a@', false],
    ['not a string', 42, false],
  ])('%s: %s -> %s', (_name, email, ok) => {
    expect(isValidEmail(email)).toBe(ok);
  });

  it('states the spec bounds', () => {
    expect(EMAIL_LENGTH).toEqual({ min: 3, max: 256 });
  });
});
