import type { FormField } from '@emporium/forms';
import { describe, expect, it } from 'vitest';
import { NO_ANSWER, fieldLabel, formatAnswer } from './format-answer.js';

const likert: FormField = { id: 'l', type: 'likert', title: 'Opinion', options: ['Was the studio easy to find?', 'Fair?'] };

describe('formatAnswer', () => {
  it('lists likert answers in the order of the questions, whatever order the stored JSON has (spec 9 labels)', () => {
    // PostgreSQL jsonb returns shorter keys first, so the stored object comes back as { 'Fair?', ... }.
    expect(formatAnswer(likert, { 'Fair?': '-2', 'Was the studio easy to find?': '1' })).toBe('Was the studio easy to find?: Agree; Fair?: Strongly Disagree');
  });

  it('puts answers to questions no longer on the form after the asked ones, and empty answers as N/A', () => {
    expect(formatAnswer(likert, { Removed: '0', 'Fair?': '2' })).toBe('Fair?: Strongly Agree; Removed: Neutral');
    expect(formatAnswer(likert, {})).toBe(NO_ANSWER);
    expect(formatAnswer(likert, undefined)).toBe('N/A');
  });

  it('joins phone parts with dashes, checkbox choices with commas and other parts with spaces', () => {
    expect(formatAnswer({ id: 'p', type: 'phone', title: 'Phone' }, ['', '555', '123', '4567'])).toBe('555-123-4567');
    expect(formatAnswer({ id: 'c', type: 'checkbox', title: 'Sizes', options: ['S', 'M'] }, ['S', 'M'])).toBe('S, M');
    expect(formatAnswer({ id: 'a', type: 'address', title: 'Address' }, ['1 Main St', '', 'Springfield'])).toBe('1 Main St Springfield');
  });

  it('labels a hidden field by its key when it has no title', () => {
    expect(fieldLabel({ id: 'h', type: 'hidden', key: 'utm_source', value: 'x' })).toBe('utm_source');
  });
});
