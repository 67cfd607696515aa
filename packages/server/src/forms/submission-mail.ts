import { fieldsOf, type FormRow } from './form-repository.js';
import { fieldLabel, formatAnswer } from './format-answer.js';
import { escapeHtml } from '@emporium/template';
import type { NewMail } from '../outbox/index.js';

/** The notification mail of the storage tab: every answer, escaped in the HTML part. */
export function submissionMail(form: FormRow, to: string, data: Record<string, unknown>, pagePath: string): NewMail {
  const rows = fieldsOf(form)
    .filter((f) => f.type !== 'section')
    .map((f) => ({ label: fieldLabel(f), answer: formatAnswer(f, data[f.id]) }));
  const subject = `Form Submission - ${form.name}`.replace(/[\r\n]+/g, ' ');
  const text = [`New submission of "${form.name}" on ${pagePath || '/'}`, '', ...rows.map((r) => `${r.label}: ${r.answer}`)].join('\n');
  const html = `<h1>${escapeHtml(form.name)}</h1><p>${escapeHtml(pagePath || '/')}</p><dl>${rows
    .map((r) => `<dt>${escapeHtml(r.label)}</dt><dd>${escapeHtml(r.answer)}</dd>`)
    .join('')}</dl>`;
  return { websiteId: form.websiteId, kind: 'form-submission', to, subject, text, html };
}
