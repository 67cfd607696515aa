import { FIELD_KINDS } from '@emporium/forms';
import { describe, expect, it } from 'vitest';
import { normalizeFormDefinition } from '../forms/form-definition.js';
import { SURVEY_FIELDS, WHOLESALE_FIELDS } from './demo-form-pages.js';

describe('demo form pages', () => {
  it('the studio survey has exactly one field of each of the 19 kinds, a textarea limit and valid definitions', () => {
    const kinds = SURVEY_FIELDS.map((f) => f.type);
    expect([...kinds].sort()).toEqual([...FIELD_KINDS].sort());
    expect(SURVEY_FIELDS.find((f) => f.type === 'textarea')).toMatchObject({ maxLength: 280 });
    for (const fields of [SURVEY_FIELDS, WHOLESALE_FIELDS]) {
      const normalized = normalizeFormDefinition({ name: 'x', fields, submitLabel: 'Send', submissionMessage: '' });
      expect(normalized.fields.map((f) => f.id)).toEqual(fields.map((f) => f.id));
    }
  });
});
