import { randomBytes } from 'node:crypto';
import { FORM_DEFAULTS, fieldSettings, isFieldKind, type FieldSetting, type FormField } from '@emporium/forms';
import { AppError } from '../errors/index.js';

/** What an owner may set on a form (spec 3 Forms); every field kind with its own settings. */
export interface FormDefinition {
  name: string;
  fields: FormField[];
  submitLabel: string;
  submissionMessage: string;
  submissionHtml: string;
  successRedirect: string;
  disclaimerMessage: string;
  captchaEnabled: boolean;
  captchaTheme: string;
  captchaAlignment: string;
  /** Storage tab: `{ email }` also mails each submission to that address. */
  storage: { email?: string };
}

const FIELD_ID = /^[A-Za-z0-9_-]{1,64}$/;
const FORBIDDEN_IDS = new Set(['__proto__', 'constructor', 'prototype']);
const ALWAYS_ALLOWED = new Set(['id', 'type', 'title']);
const MAX_FIELDS = 100;
const MAX_TEXT = 10_000;

function invalid(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message);
}

function optionalString(where: string, value: unknown, max = MAX_TEXT): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`${where} must be a string.`);
  if (value.length > max) throw invalid(`${where} must be at most ${max} characters.`);
  return value;
}

function optionalBoolean(where: string, value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalid(`${where} must be true or false.`);
  return value;
}

function settingValue(where: string, setting: FieldSetting, value: unknown): unknown {
  switch (setting) {
    case 'required':
    case 'showCountryCode':
    case 'underline':
      return optionalBoolean(where, value);
    case 'maxLength':
      if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 100_000) {
        throw invalid(`${where} must be a whole number from 1 to 100000.`);
      }
      return value;
    case 'options': {
      if (!Array.isArray(value) || value.length === 0) throw invalid(`${where} must be a non-empty list of texts.`);
      const options = value.map((o, i) => optionalString(`${where}[${i}]`, o, 1000) ?? '');
      if (options.some((o) => o.trim() === '')) throw invalid(`${where} must not contain empty texts.`);
      if (new Set(options).size !== options.length) throw invalid(`${where} must not repeat a text.`);
      return options;
    }
    default:
      return optionalString(where, value);
  }
}

/** A new random field id. */
export function newFieldId(): string {
  return `f${randomBytes(8).toString('hex')}`;
}

/**
 * Checks one field as the form editor would save it: a known kind, only the settings of that
 * kind (spec 3), options on radio/checkbox/select/likert, key on hidden. Missing ids are made.
 */
export function normalizeField(raw: unknown, index: number): FormField {
  const where = `fields[${index}]`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalid(`${where} must be an object.`);
  const input = raw as Record<string, unknown>;
  if (!isFieldKind(input.type)) throw invalid(`${where}.type ${JSON.stringify(input.type)} is not a field kind.`);
  const kind = input.type;
  const allowed = new Set<string>([...ALWAYS_ALLOWED, ...fieldSettings(kind, { textareaMaxLength: true })]);
  for (const key of Object.keys(input)) {
    if (!allowed.has(key)) throw invalid(`${where}: '${key}' is not a setting of ${kind} fields.`);
  }
  const id = input.id === undefined ? newFieldId() : input.id;
  if (typeof id !== 'string' || !FIELD_ID.test(id) || FORBIDDEN_IDS.has(id)) throw invalid(`${where}.id must be 1-64 letters, digits, '-' or '_'.`);
  const field: Record<string, unknown> = { id, type: kind };
  const title = optionalString(`${where}.title`, input.title, 1000);
  if (title !== undefined) field.title = title;
  for (const setting of fieldSettings(kind, { textareaMaxLength: true })) {
    if (input[setting] === undefined) continue;
    field[setting] = settingValue(`${where}.${setting}`, setting, input[setting]);
  }
  if (['radio', 'checkbox', 'select', 'likert'].includes(kind) && field.options === undefined) {
    throw invalid(`${where}.options is required for ${kind} fields.`);
  }
  if (kind === 'hidden' && (typeof field.key !== 'string' || field.key.trim() === '')) {
    throw invalid(`${where}.key is required for hidden fields.`);
  }
  return field as unknown as FormField;
}

/** Checks a whole form definition; throws a 400 {@link AppError} naming the first problem. */
export function normalizeFormDefinition(raw: unknown): FormDefinition {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalid('A form must be an object.');
  const input = raw as Record<string, unknown>;
  if (input.fields !== undefined && !Array.isArray(input.fields)) throw invalid('fields must be a list.');
  const rawFields = (input.fields as unknown[] | undefined) ?? [];
  if (rawFields.length > MAX_FIELDS) throw invalid(`A form has at most ${MAX_FIELDS} fields.`);
  const fields = rawFields.map(normalizeField);
  const ids = new Set(fields.map((f) => f.id));
  if (ids.size !== fields.length) throw invalid('Two fields share an id.');
  const storageInput = input.storage ?? {};
  if (typeof storageInput !== 'object' || storageInput === null || Array.isArray(storageInput)) throw invalid('storage must be an object.');
  const storageEmail = optionalString('storage.email', (storageInput as Record<string, unknown>).email, 256);
  const redirect = optionalString('successRedirect', input.successRedirect, 2000) ?? '';
  if (redirect !== '' && !/^(\/(?!\/)|https?:\/\/)/i.test(redirect)) throw invalid('successRedirect must be a path or an http(s) URL.');
  return {
    name: optionalString('name', input.name, 500) ?? FORM_DEFAULTS.name,
    fields,
    submitLabel: optionalString('submitLabel', input.submitLabel, 500) ?? FORM_DEFAULTS.submitLabel,
    submissionMessage: optionalString('submissionMessage', input.submissionMessage) ?? '',
    submissionHtml: optionalString('submissionHtml', input.submissionHtml) ?? '',
    successRedirect: redirect,
    disclaimerMessage: optionalString('disclaimerMessage', input.disclaimerMessage) ?? '',
    captchaEnabled: optionalBoolean('captchaEnabled', input.captchaEnabled) ?? false,
    captchaTheme: optionalString('captchaTheme', input.captchaTheme, 20) ?? 'light',
    captchaAlignment: optionalString('captchaAlignment', input.captchaAlignment, 20) ?? 'left',
    storage: storageEmail ? { email: storageEmail } : {},
  };
}
