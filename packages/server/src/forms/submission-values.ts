import { isMultiPart, likertLabel, partsOf, phoneParts, type FieldValue, type FormField } from '@emporium/forms';

/** Result of reading the submitted `form` object against a form's fields. */
export type ReadValues = { ok: true; values: Record<string, FieldValue | undefined>; stored: Record<string, unknown> } | { ok: false; problem: string };

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function isLikertAnswer(answer: unknown): boolean {
  if (typeof answer !== 'string' || !/^-?\d$/.test(answer)) return false;
  try {
    likertLabel(answer);
    return true;
  } catch {
    return false;
  }
}

/** The value in the shape `validateField` reads, or a description of why it cannot be read. */
function readField(field: FormField, value: unknown): { value: FieldValue } | { problem: string } {
  const options = field.options ?? [];
  if (field.type === 'checkbox') {
    if (!isStringList(value)) return { problem: `${field.id}: expected a list of options` };
    if (value.some((v) => !options.includes(v))) return { problem: `${field.id}: not one of the options` };
    return { value };
  }
  if (field.type === 'likert') {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return { problem: `${field.id}: expected answers by question` };
    for (const [question, answer] of Object.entries(value)) {
      if (!options.includes(question) || !isLikertAnswer(answer)) return { problem: `${field.id}: bad likert answer` };
    }
    return { value: value as Record<string, string> };
  }
  if (isMultiPart(field.type)) {
    if (!isStringList(value)) return { problem: `${field.id}: expected a list of parts` };
    if (field.type === 'phone') {
      if (value.length !== 3 && value.length !== 4) return { problem: `${field.id}: a phone number has 3 or 4 parts` };
      const four = phoneParts(value);
      return { value: field.showCountryCode ? four : four.slice(1) };
    }
    if (value.length !== partsOf(field.type).length) return { problem: `${field.id}: wrong number of parts` };
    return { value };
  }
  if (typeof value !== 'string') return { problem: `${field.id}: expected text` };
  if ((field.type === 'radio' || field.type === 'select') && value !== '' && !options.includes(value)) {
    return { problem: `${field.id}: not one of the options` };
  }
  return { value };
}

/**
 * Reads a submission's `form` object (keyed by field id, as `buildSubmissionPayload` makes it)
 * against the form's fields. Unknown ids, section ids and values of the wrong shape are refused;
 * `values` is what `validateForm` of @emporium/forms checks, `stored` what is saved.
 */
export function readSubmittedValues(fields: ReadonlyArray<FormField>, submitted: Record<string, unknown>): ReadValues {
  const byId = new Map(fields.filter((f) => f.type !== 'section').map((f) => [f.id, f]));
  const values: Record<string, FieldValue | undefined> = {};
  const stored: Record<string, unknown> = {};
  for (const [id, raw] of Object.entries(submitted)) {
    const field = byId.get(id);
    if (!field) return { ok: false, problem: `unknown field ${id}` };
    const read = readField(field, raw);
    if ('problem' in read) return { ok: false, problem: read.problem };
    values[id] = read.value;
    stored[id] = raw;
  }
  return { ok: true, values, stored };
}
