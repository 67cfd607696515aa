import { isValidEmail } from './email.js';
import { isMultiPart, partsOf } from './field-kinds.js';
import type { FieldValue, FormField, FormValues } from './form-model.js';
import { FormMessages, emailInvalidMessage } from './messages.js';

/** Field id to error message; empty when the form is valid. */
export type FieldErrors = Record<string, string>;

/** The character counter of a textarea with a maximum length: 'n / max', in error when over. */
export function characterCounter(value: string, maxLength: number): { text: string; over: boolean } {
  return { text: `${value.length} / ${maxLength}`, over: value.length > maxLength };
}

function asText(value: FieldValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

function asList(value: FieldValue | undefined): ReadonlyArray<string> {
  return Array.isArray(value) ? (value as ReadonlyArray<string>) : [];
}

function isEmpty(field: FormField, value: FieldValue | undefined): boolean {
  if (field.type === 'checkbox') return asList(value).length === 0;
  if (isMultiPart(field.type)) {
    const parts = partsOf(field.type, field.showCountryCode);
    const list = asList(value);
    return parts.some((part, i) => !part.optional && !(list[i] ?? '').trim());
  }
  return asText(value).trim() === '';
}

/**
 * Validates one field on the client. Sections, hidden fields and likert (never required) pass.
 * Returns the message, or null when valid.
 */
export function validateField(field: FormField, value: FieldValue | undefined): string | null {
  if (field.type === 'section' || field.type === 'hidden' || field.type === 'likert') return null;
  const empty = isEmpty(field, value);
  if (field.required && empty) return FormMessages.REQUIRED;
  if (field.type === 'email') {
    const email = asText(value).trim();
    if (email !== '' && !isValidEmail(email)) return emailInvalidMessage();
  }
  if (field.type === 'textarea' && field.maxLength !== undefined && asText(value).length > field.maxLength) {
    return FormMessages.CHARACTER_LIMIT;
  }
  return null;
}

/** Validates every field of a form; the result maps field id to message. */
export function validateForm(fields: ReadonlyArray<FormField>, values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    const message = validateField(field, values[field.id]);
    if (message) errors[field.id] = message;
  }
  return errors;
}
