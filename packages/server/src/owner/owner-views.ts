import type { FormField } from '@emporium/forms';
import { fieldLabel, fieldsOf, formatAnswer, type FormRow } from '../forms/index.js';
import type { OutboxRow } from '../outbox/index.js';
import type { SignUp, SignUpGroup } from '../restock/index.js';
import { VISIT_RETENTION_DAYS, type PathViews } from '../tracking/index.js';
import { crumbInput, h } from './owner-html.js';
import type { SubmissionRow } from './submissions-repository.js';

function answerFields(form: FormRow): FormField[] {
  return fieldsOf(form).filter((f) => f.type !== 'section');
}

/** Column titles of a form's submissions table and CSV. */
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

function table(header: string[], rows: string[][], empty: string): string {
  if (rows.length === 0) return `<p>${h(empty)}</p>`;
  return `<table><thead><tr>${header.map((c) => `<th scope="col">${h(c)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${h(c)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

/** The /config/forms body: each form with its submission count, latest submissions and CSV link. */
export function formsView(forms: Array<{ form: FormRow; total: number; latest: SubmissionRow[] }>): string {
  if (forms.length === 0) return '<p>This site has no forms yet.</p>';
  return forms
    .map(({ form, total, latest }) => {
      const base = `/config/forms/${encodeURIComponent(form.id)}`;
      return `<section aria-labelledby="form-${h(form.id)}"><h2 id="form-${h(form.id)}">${h(form.name)}</h2>
<p>${total} submission${total === 1 ? '' : 's'} · <a href="${h(base)}">All submissions</a> · <a href="${h(`${base}/submissions.csv`)}">Download CSV</a></p>
${table(submissionHeader(form), latest.map((row) => submissionCells(form, row)), 'No submissions yet.')}</section>`;
    })
    .join('');
}

/** The body of one form's submissions page. */
export function formSubmissionsView(form: FormRow, rows: SubmissionRow[]): string {
  const csv = `/config/forms/${encodeURIComponent(form.id)}/submissions.csv`;
  return `<p><a href="${h(csv)}">Download CSV</a></p>${table(submissionHeader(form), rows.map((r) => submissionCells(form, r)), 'No submissions yet.')}`;
}

/** The /config/restock body: groups with a send button, sign-ups, and the outbox. */
export function restockView(options: { groups: SignUpGroup[]; signUps: SignUp[]; outbox: OutboxRow[]; crumb: string; smtp: boolean; notice?: string }): string {
  const groups = options.groups.length === 0
    ? '<p>No sign-ups yet.</p>'
    : `<table><thead><tr><th scope="col">Product</th><th scope="col">SKU</th><th scope="col">Waiting</th><th scope="col">Notified</th><th scope="col">Action</th></tr></thead><tbody>${options.groups
        .map(
          (g) => `<tr><td>${h(g.productName || g.productId)}</td><td>${h(g.sku)}</td><td>${g.pendingCount}</td><td>${g.notifiedCount}</td><td>${
            g.pendingCount > 0
              ? `<form method="post" action="/config/restock/send" class="inline">${crumbInput(options.crumb)}<input type="hidden" name="productId" value="${h(g.productId)}"><input type="hidden" name="variantId" value="${h(g.variantId)}"><button type="submit">Send back-in-stock mail</button></form>`
              : ''
          }</td></tr>`,
        )
        .join('')}</tbody></table>`;
  const signUps = table(
    ['Signed up', 'Email', 'Product', 'Variant', 'Mailing list', 'Notified'],
    options.signUps.map((s) => [s.createdAt, s.email, s.productId, s.variantId, s.isJoinMailingList ? 'yes' : 'no', s.notifiedAt ?? '']),
    'No sign-ups yet.',
  );
  const outbox = options.outbox.length === 0
    ? '<p>No mail yet.</p>'
    : `<table><thead><tr><th scope="col">Queued</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Status</th><th scope="col">Message</th></tr></thead><tbody>${options.outbox
        .map(
          (m) => `<tr><td>${h(m.createdAt.toISOString())}</td><td>${h(m.toAddress)}</td><td>${h(m.subject)}</td><td>${h(m.status)}${
            m.lastError ? ` <span class="error">${h(m.lastError)}</span>` : ''
          }</td><td><details><summary>Show</summary><pre>${h(m.textBody)}</pre></details></td></tr>`,
        )
        .join('')}</tbody></table>`;
  const notice = options.notice ? `<p role="status">${h(options.notice)}</p>` : '';
  const delivery = options.smtp ? 'Mail is delivered through SMTP.' : 'No SMTP server is configured (SMTP_URL): mail is kept here.';
  return `${notice}<p><a href="/config/restock.csv">Download sign-ups as CSV</a></p><h2>Waiting lists</h2>${groups}<h2>Sign-ups</h2>${signUps}<h2>Outbox</h2><p>${h(delivery)}</p>${outbox}`;
}

/** The sign-in form. */
export function loginView(options: { crumb: string; next: string; error?: string }): string {
  return `${options.error ? `<p class="error" role="alert">${h(options.error)}</p>` : ''}<form method="post" action="/config/login">${crumbInput(options.crumb)}
<input type="hidden" name="next" value="${h(options.next)}"><label for="owner-password">Owner password or token</label>
<input id="owner-password" name="password" type="password" autocomplete="current-password" required><p><button type="submit">Sign in</button></p></form>`;
}

/** The change-password form. */
export function passwordView(options: { crumb: string; error?: string; notice?: string }): string {
  return `${options.error ? `<p class="error" role="alert">${h(options.error)}</p>` : ''}${options.notice ? `<p role="status">${h(options.notice)}</p>` : ''}
<form method="post" action="/config/password">${crumbInput(options.crumb)}<label for="new-password">New owner password</label>
<input id="new-password" name="password" type="password" autocomplete="new-password" minlength="10" required><p><button type="submit">Save password</button></p></form>`;
}

/** What the visits page says about what is counted and kept. */
export const VISIT_NOTE = `Views are counted in visitors' browsers. Robots that name themselves, the site owner and signed-in site users other than viewers are not counted. Page views are kept ${VISIT_RETENTION_DAYS} days.`;

/** The /config/visits body: page views and distinct visitors per path over the last `days` days. */
export function visitsView(days: number, paths: PathViews[]): string {
  const total = paths.reduce((sum, p) => sum + p.views, 0);
  const summary = `<p>${total} page view${total === 1 ? '' : 's'} in the last ${days} days · <a href="/api/owner/visits">JSON</a></p>`;
  const note = `<p class="note">${VISIT_NOTE}</p>`;
  return summary + note + table(['Path', 'Page views', 'Visitors'], paths.map((p) => [p.path, String(p.views), String(p.visitors)]), 'No page views recorded yet.');
}
