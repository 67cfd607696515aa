import type { FormField } from '@emporium/forms';
import { fieldLabel, fieldsOf, formatAnswer, type FormRow } from '../forms/index.js';
import type { SubmissionRow } from './submissions-repository.js';

function answerFields(form: FormRow): FormField[] {
  return fieldsOf(form).filter((f) => f.type !== 'section');
}

/** Column titles of a form's submissions CSV. */
export function submissionHeader(form: FormRow): string[] {
  return ['Submitted', ...answerFields(form).map(fieldLabel), 'Page'];
}

/** One submission as plain-text cells, in {@link submissionHeader} order. */
export function submissionCells(form: FormRow, row: SubmissionRow): string[] {
  const page = row.pageFields as { pagePath?: unknown };
  return [
    row.createdAt.toISOString(),
    ...answerFields(form).map((f) => formatAnswer(f, row.data[f.id])),
    typeof page.pagePath === 'string' ? page.pagePath : '',
  ];
}
