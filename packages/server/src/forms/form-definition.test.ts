import { FIELD_KINDS, fieldSettings, type FieldKind, type FieldSetting } from '@emporium/forms';
import { describe, expect, it } from 'vitest';
import { normalizeField, normalizeFormDefinition } from './form-definition.js';

const SAMPLE: Record<FieldSetting, unknown> = {
  description: 'Help text',
  placeholder: 'Type here',
  required: true,
  currencySymbol: '€',
  showCountryCode: true,
  underline: true,
  options: ['One', 'Two'],
  key: 'utm_source',
  value: 'direct',
  maxLength: 200,
};

const ALL_SETTINGS = Object.keys(SAMPLE) as FieldSetting[];

describe('form field definitions (spec 3: editable settings per kind)', () => {
  it.each(FIELD_KINDS.map((kind) => [kind]))('%s keeps exactly its own settings', (kind: FieldKind) => {
    const own = fieldSettings(kind, { textareaMaxLength: true });
    const input = Object.fromEntries([['type', kind], ['title', 'Title'], ...own.map((s) => [s, SAMPLE[s]])]);
    const field = normalizeField(input, 0) as unknown as Record<string, unknown>;
    expect(field.type).toBe(kind);
    expect(field.id).toMatch(/^f[0-9a-f]{16}$/);
    for (const setting of own) expect(field[setting]).toEqual(SAMPLE[setting]);
    for (const foreign of ALL_SETTINGS.filter((s) => !own.includes(s))) {
      expect(() => normalizeField({ ...input, [foreign]: SAMPLE[foreign] }, 0)).toThrow(`'${foreign}' is not a setting of ${kind} fields`);
    }
  });

  it('refuses bad ids, options and lengths with a message naming the field', () => {
    expect(() => normalizeField({ id: '__proto__', type: 'text' }, 2)).toThrow('fields[2].id');
    expect(() => normalizeField({ id: 'a b', type: 'text' }, 0)).toThrow('fields[0].id');
    expect(() => normalizeField({ type: 'select', options: ['A', 'A'] }, 1)).toThrow('fields[1].options must not repeat a text.');
    expect(() => normalizeField({ type: 'checkbox', options: [' '] }, 0)).toThrow('must not contain empty texts');
    expect(() => normalizeField({ type: 'textarea', maxLength: 0 }, 0)).toThrow('fields[0].maxLength');
    expect(() => normalizeField({ type: 'hidden', key: '' }, 0)).toThrow('key is required');
    expect(() =>
      normalizeFormDefinition({
        fields: [
          { id: 'x', type: 'text' },
          { id: 'x', type: 'email' },
        ],
      }),
    ).toThrow('Two fields share an id.');
    expect(() => normalizeFormDefinition({ successRedirect: 'javascript:alert(1)' })).toThrow('successRedirect');
    expect(() => normalizeFormDefinition([])).toThrow('A form must be an object.');
  });

  it('fills the spec defaults: name My Form Name, submit label Add to Cart', () => {
    expect(normalizeFormDefinition({})).toMatchObject({ name: 'My Form Name', submitLabel: 'Add to Cart', fields: [], captchaEnabled: false, storage: {} });
  });
});
