import type { forms } from '../../db/index.js';
import { cleanOwnerHtml } from '../../rich-text/index.js';
import type { FormContext } from './schemas.js';

type FormRow = typeof forms.$inferSelect;

const INPUT_TYPES: Readonly<Record<string, string>> = {
  text: 'text',
  email: 'email',
  number: 'number',
  website: 'url',
  currency: 'text',
  password: 'password',
  twitter: 'text',
  date: 'date',
  time: 'time',
  address: 'text',
};

const AUTOCOMPLETE: Readonly<Record<string, string>> = { email: 'email', website: 'url', address: 'street-address' };

/** Likert answers of spec section 9, in display order. */
export const LIKERT_SCALE = [
  { value: '-2', label: 'Strongly Disagree' },
  { value: '-1', label: 'Disagree' },
  { value: '0', label: 'Neutral' },
  { value: '1', label: 'Agree' },
  { value: '2', label: 'Strongly Agree' },
] as const;

type FieldContext = FormContext['fields'][number];

function fieldContext(raw: unknown): FieldContext | null {
  if (!raw || typeof raw !== 'object') return null;
  const field = raw as Record<string, unknown>;
  const { id, type } = field;
  if (typeof id !== 'string' || typeof type !== 'string') return null;
  const out: FieldContext = { ...field, id, type, inputType: (Object.hasOwn(INPUT_TYPES, type) && INPUT_TYPES[type]) || 'text' };
  const autocomplete = Object.hasOwn(AUTOCOMPLETE, type) ? AUTOCOMPLETE[type] : undefined;
  if (autocomplete) out.autocomplete = autocomplete;
  if (type === 'likert' && Array.isArray(field.options)) {
    out.likertRows = field.options.map((question, i) => ({
      question,
      name: `${id}-${i}`,
      choices: LIKERT_SCALE.map((c) => ({ ...c, id: `${id}-${i}-${c.value}` })),
    }));
  }
  return out;
}

/** A form's messages as pages show them (spec 3 names), HTML the owner wrote, cleaned by {@link cleanOwnerHtml}. */
export function formMessagesOf(row: Pick<FormRow, 'submissionMessage' | 'submissionHtml' | 'disclaimerMessage'>): {
  parsedSubmissionMessage: string;
  submissionHTML: string;
  parsedDisclaimerMessage: string;
} {
  return {
    parsedSubmissionMessage: cleanOwnerHtml(row.submissionMessage),
    submissionHTML: cleanOwnerHtml(row.submissionHtml),
    parsedDisclaimerMessage: cleanOwnerHtml(row.disclaimerMessage),
  };
}

/**
 * A form as the template context shows it (spec section 3, Forms), each field with the
 * HTML input type and autocomplete hint the theme needs.
 */
export function formContext(row: FormRow): FormContext {
  return {
    id: row.id,
    name: row.name,
    fields: row.fields.map(fieldContext).filter((f) => f !== null),
    submitLabel: row.submitLabel,
    ...formMessagesOf(row),
    successRedirect: row.successRedirect,
    captchaEnabled: row.captchaEnabled,
    captchaTheme: row.captchaTheme,
    captchaAlignment: row.captchaAlignment,
  };
}
