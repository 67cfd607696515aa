import { likertLabel, type FormField } from '@emporium/forms';

/** Spec 8: a missing form answer. */
export const NO_ANSWER = 'N/A';

/** Likert answers in the order the form asks its questions (stored JSON does not keep key order), unknown questions last. */
function inQuestionOrder(field: FormField, entries: [string, string][]): [string, string][] {
  const questions = field.options ?? [];
  const rank = (question: string) => {
    const i = questions.indexOf(question);
    return i === -1 ? questions.length : i;
  };
  return entries
    .map((entry, i) => ({ entry, i }))
    .sort((a, b) => rank(a.entry[0]) - rank(b.entry[0]) || a.i - b.i)
    .map((x) => x.entry);
}

/** One submitted answer as plain text (owner view, CSV, mails); likert answers follow the question order. */
export function formatAnswer(field: FormField, value: unknown): string {
  if (value === undefined || value === null) return NO_ANSWER;
  if (field.type === 'likert' && typeof value === 'object' && !Array.isArray(value)) {
    const entries = inQuestionOrder(field, Object.entries(value as Record<string, string>));
    if (entries.length === 0) return NO_ANSWER;
    return entries
      .map(([question, answer]) => {
        let label = answer;
        try {
          label = likertLabel(answer);
        } catch {
          label = String(answer);
        }
        return `${question}: ${label}`;
      })
      .join('; ');
  }
  if (Array.isArray(value)) {
    const parts = value.map(String);
    if (field.type === 'phone') return parts.filter((p) => p !== '').join('-') || NO_ANSWER;
    const joined = parts.filter((p) => p !== '').join(field.type === 'checkbox' ? ', ' : ' ');
    return joined || NO_ANSWER;
  }
  const text = String(value);
  return text === '' ? NO_ANSWER : text;
}

/** The column or line label of a field: its title, else a hidden field's key, else its id. */
export function fieldLabel(field: FormField): string {
  return field.title || (field.type === 'hidden' && field.key ? field.key : field.id);
}
