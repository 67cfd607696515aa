/** A form field as the owner API shows it. */
export interface FormField {
  readonly id: string;
  readonly type: string;
  readonly title?: string;
  readonly [setting: string]: unknown;
}

/** A form as GET /api/owner/forms shows it. */
export interface OwnerForm {
  readonly id: string;
  readonly name: string;
  readonly fields: readonly FormField[];
  readonly submitLabel: string;
  readonly submissionMessage: string;
  readonly submissionHtml: string;
  readonly successRedirect: string;
  readonly disclaimerMessage: string;
  readonly captchaEnabled: boolean;
  readonly captchaTheme: string;
  readonly captchaAlignment: string;
  readonly storage: { readonly email?: string };
  readonly updatedAt: string;
}

/** One stored submission. */
export interface Submission {
  readonly id: string;
  readonly createdAt: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly pageFields: Readonly<Record<string, unknown>>;
}

/** A page of submissions, newest first. */
export interface SubmissionPage {
  readonly submissions: readonly Submission[];
  readonly hasNextPage: boolean;
  readonly nextPageCursor: string | null;
}

export const FORMS_PATH = '/api/owner/forms';

/** An answer as one line of text (lists joined, likert and address parts named). */
export function answerText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(answerText).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, part]) => `${key}: ${answerText(part)}`)
      .join('; ');
  }
  return String(value);
}
