import { describe, expect, it } from 'vitest';
import { FIELD_KINDS, fieldSettings, isFieldKind, partsOf } from './field-kinds.js';

describe('field kinds and settings (spec section 3)', () => {
  it.each([
    ['text', ['description', 'placeholder', 'required']],
    ['textarea', ['description', 'placeholder', 'required']],
    ['email', ['description', 'placeholder', 'required']],
    ['number', ['description', 'placeholder', 'required']],
    ['website', ['description', 'placeholder', 'required']],
    ['currency', ['description', 'currencySymbol', 'required']],
    ['password', ['description', 'required']],
    ['twitter', ['description', 'required']],
    ['date', ['description', 'required']],
    ['time', ['description', 'required']],
    ['name', ['description', 'required']],
    ['address', ['description', 'required']],
    ['phone', ['description', 'required', 'showCountryCode']],
    ['section', ['description', 'underline']],
    ['radio', ['description', 'options', 'required']],
    ['checkbox', ['description', 'options', 'required']],
    ['select', ['description', 'options', 'required']],
    ['likert', ['description', 'options', 'required']],
    ['hidden', ['key', 'value']],
  ] as const)('%s edits %j', (kind, settings) => {
    expect(fieldSettings(kind)).toEqual(settings);
  });

  it('covers all 19 kinds', () => {
    expect(FIELD_KINDS).toHaveLength(19);
  });

  it('adds maxLength to textarea behind the flag', () => {
    expect(fieldSettings('textarea', { textareaMaxLength: true })).toContain('maxLength');
    expect(fieldSettings('text', { textareaMaxLength: true })).not.toContain('maxLength');
  });

  it('rejects unknown kinds', () => {
    expect(isFieldKind('color')).toBe(false);
    expect(() => fieldSettings('color' as never)).toThrow('Unknown field kind');
  });

  it('shows the phone country part only with showCountryCode', () => {
    expect(partsOf('phone')).toHaveLength(3);
    expect(partsOf('phone', true)).toHaveLength(4);
  });
});
