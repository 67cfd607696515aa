import { EMAIL_FORMAT_EXAMPLE } from './email.js';

/** Public-form and restock texts (spec sections 5 and 8), exactly as specified. */
export const FormMessages = Object.freeze({
  REQUIRED: 'Required',
  CHARACTER_LIMIT: 'You have exceeded the character limit.',
  EMAIL_INVALID: 'Email is not valid. Email addresses should follow the format {email}.',
  SUBMIT_FAILED: 'Unable to submit form. Please try again later.',
  NOT_CONFIGURED: 'This form has not been configured yet.',
  RATE_LIMITED: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  SERVER_ERROR: 'Unable to send form. Please try again later.',
  UNKNOWN: 'Unknown error, please try again later.',
  PROCESSING_ERROR: 'Error processing form submission. Please reload and try again.',
  CAPTCHA_REQUIRED: 'Complete CAPTCHA before submitting.',
  RECAPTCHA_FAILED: 'reCAPTCHA failed. Refresh this page and try again.',
  NO_SUBMISSION_KEY: 'Could not get a form submission key, please try again later.',
  UNPARSEABLE_FIELDS: 'Could not parse the form fields, please check your entries.',
  INVALID_FIELDS: 'One or more fields is invalid, please check your entries.',
  PROBLEM_SCROLL_DOWN: 'Your form has encountered a problem. Please scroll down to review.',
  PROBLEM_SCROLL_UP: 'Your form has encountered a problem. Please scroll up to review.',
  RESTOCK_EMAIL_BLANK: 'Email cannot be blank',
  RESTOCK_EMAIL_INVALID: 'Email is invalid',
  RESTOCK_SIGNED_UP: 'Signed up!',
  SUBMITTING: 'Submitting…',
  SAVING: 'Saving…',
} as const);

/** 'Email is not valid. Email addresses should follow the format {email}.' with the example filled in. */
export function emailInvalidMessage(example: string = EMAIL_FORMAT_EXAMPLE): string {
  return FormMessages.EMAIL_INVALID.replace('{email}', example);
}

/**
 * The text for a failed submission by HTTP status: 401, 404, 429 and 500 have fixed texts;
 * any other status shows the server's text, else 'Unknown error, please try again later.'
 */
export function submitErrorMessage(status: number, serverText?: string | null): string {
  switch (status) {
    case 401:
      return FormMessages.SUBMIT_FAILED;
    case 404:
      return FormMessages.NOT_CONFIGURED;
    case 429:
      return FormMessages.RATE_LIMITED;
    case 500:
      return FormMessages.SERVER_ERROR;
    default:
      return serverText && serverText.trim() ? serverText : FormMessages.UNKNOWN;
  }
}

/** The summary shown near the submit button, pointing to where the problem is. */
export function formProblemMessage(problemIsAbove: boolean): string {
  return problemIsAbove ? FormMessages.PROBLEM_SCROLL_UP : FormMessages.PROBLEM_SCROLL_DOWN;
}

/**
 * Restock failures show the server's message, or 'Unable to submit form. Please try again later.'
 * in enterprise-captcha mode or when the server sent none.
 */
export function restockErrorMessage(serverText: string | null | undefined, enterprise = false): string {
  if (enterprise || !serverText) return FormMessages.SUBMIT_FAILED;
  return serverText;
}
