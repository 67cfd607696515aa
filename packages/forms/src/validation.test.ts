import { describe, expect, it } from 'vitest';
import type { FieldValue, FormField } from './form-model.js';
import { characterCounter, validateField, validateForm } from './validation.js';

const f = (type: FormField['type'], extra: Partial<FormField> = {}): FormField => ({ id: 'f1', type, ...extra });
const BAD_EMAIL = 'Email is not valid. Email addresses should follow the format email@example.com.';

describe('validateField (spec section 5)', () => {
  it.each<[string, FormField, FieldValue | undefined, string | null]>([
    ['required text empty', f('text', { required: true }), '  ', 'Required'],
    ['required text missing', f('text', { required: true }), undefined, 'Required'],
    ['optional text empty', f('text'), '', null],
    ['required text filled', f('text', { required: true }), 'hi', null],
    ['required select empty', f('select', { required: true, options: ['a'] }), '', 'Required'],
    ['required radio empty', f('radio', { required: true, options: ['a'] }), '', 'Required'],
    ['required checkbox none', f('checkbox', { required: true, options: ['a'] }), [], 'Required'],
    ['required checkbox one', f('checkbox', { required: true, options: ['a'] }), ['a'], null],
    ['required name missing last', f('name', { required: true }), ['Ada', ''], 'Required'],
    ['required name full', f('name', { required: true }), ['Ada', 'Lovelace'], null],
    ['required address without line 2', f('address', { required: true }), ['1 Main St', '', 'Town', 'CA', '90210', 'US'], null],
    ['required address empty', f('address', { required: true }), [], 'Required'],
    ['required phone parts', f('phone', { required: true }), ['555', '123', '4567'], null],
    ['required phone empty', f('phone', { required: true }), ['', '', ''], 'Required'],
    ['required date', f('date', { required: true }), ['01', '', '2026'], 'Required'],
    ['required time without seconds', f('time', { required: true }), ['10', '30', '', 'AM'], null],
    ['likert never required', f('likert', { required: true, options: ['Q'] }), {}, null],
    ['section skipped', f('section', { required: true }), undefined, null],
    ['hidden skipped', f('hidden', { required: true }), undefined, null],
    ['optional email empty', f('email'), '   ', null],
    ['required email empty', f('email', { required: true }), '', 'Required'],
    ['email trimmed', f('email'), '  a@b.co  ', null],
    ['email bad', f('email'), 'not-an-email', BAD_EMAIL],
    ['email long tld', f('email'), 'a@b.abcde', BAD_EMAIL],
    ['textarea at limit', f('textarea', { maxLength: 5 }), '12345', null],
    ['textarea over limit', f('textarea', { maxLength: 5 }), '123456', 'You have exceeded the character limit.'],
    ['textarea empty optional with limit', f('textarea', { maxLength: 5 }), '', null],
  ])('%s', (_name, field, value, message) => {
    expect(validateField(field, value)).toBe(message);
  });
});

describe('validateForm', () => {
  it('maps each invalid field id to its message', () => {
    const fields: FormField[] = [
      { id: 'a', type: 'text', required: true },
      { id: 'b', type: 'email' },
      { id: 'c', type: 'section' },
      { id: 'd', type: 'text' },
    ];
    expect(validateForm(fields, { b: 'x' })).toEqual({ a: 'Required', b: BAD_EMAIL });
    expect(validateForm(fields, { a: 'ok', b: 'x@y.com' })).toEqual({});
  });
});

describe('characterCounter', () => {
  it.each([
    ['', 10, '0 / 10', false],
    ['abc', 3, '3 / 3', false],
    ['abcd', 3, '4 / 3', true],
  ] as const)('%j of %i', (value, max, text, over) => {
    expect(characterCounter(value, max)).toEqual({ text, over });
  });
});
