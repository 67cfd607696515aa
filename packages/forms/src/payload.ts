import { isMultiPart, partsOf } from './field-kinds.js';
import type { FieldValue, FormField, FormValues } from './form-model.js';

/** Where the form sits: sent with every submission. */
export interface PageFields {
  readonly pageTitle: string;
  readonly pageId: string;
  /** 'i' for a collection item, 'c' for a collection or page. */
  readonly contentSource: 'i' | 'c';
  readonly pagePath: string;
  readonly pagePermissionTypeValue: number;
}

/** Body of POST /api/form/SaveFormSubmission. */
export interface SubmissionPayload extends PageFields {
  /** JSON string keyed by field id. */
  readonly form: string;
  readonly key: string;
  readonly captchaKey?: string;
}

/** Inputs of {@link buildSubmissionPayload}. */
export interface SubmissionInput {
  readonly fields: ReadonlyArray<FormField>;
  readonly values: FormValues;
  readonly key: string;
  readonly captchaKey?: string;
  readonly page: PageFields;
  /** The page's query string ("?utm=x&a=b" or "utm=x"), read by hidden fields. */
  readonly queryString?: string;
}

/** A phone value with 3 parts gets an empty leading (country) part; 4 parts stay as they are. */
export function phoneParts(parts: ReadonlyArray<string>): string[] {
  if (parts.length === 3) return ['', ...parts];
  if (parts.length === 4) return [...parts];
  throw new RangeError(`A phone number has 3 or 4 parts, got ${parts.length}`);
}

/** A hidden field's value: the query-string value when its name matches, else its own value. */
export function hiddenFieldValue(field: FormField, queryString = ''): string {
  const params = new URLSearchParams(queryString.startsWith('?') ? queryString.slice(1) : queryString);
  const name = field.key ?? '';
  return name && params.has(name) ? (params.get(name) ?? '') : (field.value ?? '');
}

/** Likert answers: each question mapped to its checked answer; unanswered questions are left out. */
export function likertAnswers(field: FormField, value: FieldValue | undefined): Record<string, string> {
  const answers = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
  const out: Record<string, string> = {};
  for (const question of field.options ?? []) {
    if (Object.prototype.hasOwnProperty.call(answers, question) && answers[question] !== '') out[question] = answers[question];
  }
  return out;
}

function fieldPayloadValue(field: FormField, value: FieldValue | undefined, queryString: string): unknown {
  if (field.type === 'hidden') return hiddenFieldValue(field, queryString);
  if (field.type === 'likert') return likertAnswers(field, value);
  if (field.type === 'checkbox') return Array.isArray(value) ? [...value] : [];
  if (isMultiPart(field.type)) {
    const count = partsOf(field.type, field.showCountryCode).length;
    const list = Array.isArray(value) ? (value as string[]) : [];
    const parts = Array.from({ length: count }, (_, i) => (list[i] ?? '').trim());
    return field.type === 'phone' ? phoneParts(parts) : parts;
  }
  return typeof value === 'string' ? value.trim() : '';
}

/** The `form` JSON object keyed by field id; sections are skipped. */
export function formFieldValues(fields: ReadonlyArray<FormField>, values: FormValues, queryString = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.type === 'section') continue;
    out[field.id] = fieldPayloadValue(field, values[field.id], queryString);
  }
  return out;
}

/** Builds the SaveFormSubmission body. */
export function buildSubmissionPayload(input: SubmissionInput): SubmissionPayload {
  if (!input.key) throw new Error('A form submission key is required');
  const { pageTitle, pageId, contentSource, pagePath, pagePermissionTypeValue } = input.page;
  if (contentSource !== 'i' && contentSource !== 'c') throw new RangeError(`contentSource must be 'i' or 'c', got ${JSON.stringify(contentSource)}`);
  return {
    form: JSON.stringify(formFieldValues(input.fields, input.values, input.queryString)),
    key: input.key,
    ...(input.captchaKey ? { captchaKey: input.captchaKey } : {}),
    pageTitle,
    pageId,
    contentSource,
    pagePath,
    pagePermissionTypeValue,
  };
}
