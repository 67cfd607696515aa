import { describe, expect, it } from 'vitest';
import type { FormField } from './form-model.js';
import { buildSubmissionPayload, hiddenFieldValue, likertAnswers, phoneParts } from './payload.js';

const page = { pageTitle: 'Contact', pageId: 'p1', contentSource: 'c' as const, pagePath: '/contact', pagePermissionTypeValue: 1 };

describe('phoneParts', () => {
  it('adds an empty leading part to 3 parts', () => {
    expect(phoneParts(['555', '123', '4567'])).toEqual(['', '555', '123', '4567']);
  });
  it('keeps 4 parts', () => {
    expect(phoneParts(['1', '555', '123', '4567'])).toEqual(['1', '555', '123', '4567']);
  });
  it('rejects other lengths', () => {
    expect(() => phoneParts(['1', '2'])).toThrow('3 or 4 parts');
  });
});

describe('hiddenFieldValue', () => {
  const hidden: FormField = { id: 'h', type: 'hidden', key: 'utm_source', value: 'direct' };
  it.each([
    ['?utm_source=newsletter', 'newsletter'],
    ['utm_source=ads&x=1', 'ads'],
    ['?other=1', 'direct'],
    ['', 'direct'],
  ])('%j -> %s', (query, value) => {
    expect(hiddenFieldValue(hidden, query)).toBe(value);
  });
});

describe('likertAnswers', () => {
  it('maps each question to its checked answer, skipping unanswered and unknown ones', () => {
    const field: FormField = { id: 'l', type: 'likert', options: ['Fast?', 'Cheap?', 'Good?'] };
    expect(likertAnswers(field, { 'Fast?': '2', 'Cheap?': '-1', 'Other?': '0' })).toEqual({ 'Fast?': '2', 'Cheap?': '-1' });
  });
});

describe('buildSubmissionPayload', () => {
  const fields: FormField[] = [
    { id: 'name', type: 'name', required: true },
    { id: 'email', type: 'email' },
    { id: 'phone', type: 'phone' },
    { id: 'phone4', type: 'phone', showCountryCode: true },
    { id: 'sec', type: 'section' },
    { id: 'topics', type: 'checkbox', options: ['a', 'b'] },
    { id: 'src', type: 'hidden', key: 'ref', value: 'none' },
    { id: 'survey', type: 'likert', options: ['Q1'] },
    { id: 'when', type: 'date' },
  ];

  it('keys the form JSON by field id with every rule applied', () => {
    const payload = buildSubmissionPayload({
      fields,
      values: {
        name: ['Ada', ' Lovelace '],
        email: ' ada@example.com ',
        phone: ['555', '123', '4567'],
        phone4: ['44', '20', '7946', '0000'],
        topics: ['b'],
        survey: { Q1: '1' },
      },
      key: 'k-1',
      page,
      queryString: '?ref=friend',
    });
    expect(JSON.parse(payload.form)).toEqual({
      name: ['Ada', 'Lovelace'],
      email: 'ada@example.com',
      phone: ['', '555', '123', '4567'],
      phone4: ['44', '20', '7946', '0000'],
      topics: ['b'],
      src: 'friend',
      survey: { Q1: '1' },
      when: ['', '', ''],
    });
    expect(payload).toMatchObject({ key: 'k-1', ...page });
    expect(payload).not.toHaveProperty('captchaKey');
  });

  it('adds captchaKey when given', () => {
    expect(buildSubmissionPayload({ fields: [], values: {}, key: 'k', captchaKey: 'c', page }).captchaKey).toBe('c');
  });

  it('refuses a missing key or bad contentSource', () => {
    expect(() => buildSubmissionPayload({ fields: [], values: {}, key: '', page })).toThrow('submission key');
    expect(() => buildSubmissionPayload({ fields: [], values: {}, key: 'k', page: { ...page, contentSource: 'x' as 'c' } })).toThrow('contentSource');
  });
});
