import { describe, expect, it } from 'vitest';
import { LIKERT_LABELS, likertLabel } from './likert.js';
import { FORM_DEFAULTS } from './form-model.js';
import { FormMessages, formProblemMessage, restockErrorMessage, submitErrorMessage } from './messages.js';
import { fieldErrorsFromResponse } from './server-errors.js';

describe('submitErrorMessage (spec section 8)', () => {
  it.each([
    [401, undefined, 'Unable to submit form. Please try again later.'],
    [404, 'nope', 'This form has not been configured yet.'],
    [429, undefined, 'Unable to submit form. Submission rate limit exceeded. Please try again later.'],
    [500, 'boom', 'Unable to send form. Please try again later.'],
    [503, 'Maintenance', 'Maintenance'],
    [418, '', 'Unknown error, please try again later.'],
    [0, null, 'Unknown error, please try again later.'],
  ])('%i with %j', (status, server, text) => {
    expect(submitErrorMessage(status, server)).toBe(text);
  });
});

describe('form texts', () => {
  it.each([
    ['PROCESSING_ERROR', 'Error processing form submission. Please reload and try again.'],
    ['CAPTCHA_REQUIRED', 'Complete CAPTCHA before submitting.'],
    ['RECAPTCHA_FAILED', 'reCAPTCHA failed. Refresh this page and try again.'],
    ['NO_SUBMISSION_KEY', 'Could not get a form submission key, please try again later.'],
    ['UNPARSEABLE_FIELDS', 'Could not parse the form fields, please check your entries.'],
    ['INVALID_FIELDS', 'One or more fields is invalid, please check your entries.'],
    ['SUBMITTING', 'Submitting…'],
  ] as const)('%s', (key, text) => {
    expect(FormMessages[key]).toBe(text);
  });

  it('points to the problem above or below', () => {
    expect(formProblemMessage(false)).toBe('Your form has encountered a problem. Please scroll down to review.');
    expect(formProblemMessage(true)).toBe('Your form has encountered a problem. Please scroll up to review.');
  });

  it('uses the server restock message unless in enterprise mode', () => {
    expect(restockErrorMessage('Already signed up')).toBe('Already signed up');
    expect(restockErrorMessage('Already signed up', true)).toBe('Unable to submit form. Please try again later.');
    expect(restockErrorMessage(undefined)).toBe('Unable to submit form. Please try again later.');
  });

  it('has the spec defaults', () => {
    expect(FORM_DEFAULTS).toEqual({ submitLabel: 'Add to Cart', name: 'My Form Name' });
  });
});

describe('likert labels (spec section 9)', () => {
  it.each([
    [-2, 'Strongly Disagree'],
    [-1, 'Disagree'],
    [0, 'Neutral'],
    [1, 'Agree'],
    [2, 'Strongly Agree'],
  ])('%i is %s', (value, label) => {
    expect(likertLabel(value)).toBe(label);
  });

  it('has five labels and rejects others', () => {
    expect(LIKERT_LABELS).toHaveLength(5);
    expect(() => likertLabel(3)).toThrow('out of range');
  });
});

describe('fieldErrorsFromResponse', () => {
  it.each([
    [{ errors: { a: 'Required' } }, { a: 'Required' }],
    [{ a: 'Bad', n: 1 }, { a: 'Bad' }],
    [{ errors: [] }, null],
    ['text', null],
    [null, null],
  ])('%j', (body, errors) => {
    expect(fieldErrorsFromResponse(body)).toEqual(errors);
  });
});
