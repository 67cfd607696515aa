import type { FieldValue, Form, PageFields } from '@emporium/forms';
import { FormMessages, buildSubmissionPayload, fieldErrorsFromResponse, formProblemMessage, submitErrorMessage, validateForm } from '@emporium/forms';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, browserHttpContext } from '../api/http.js';
import { fetchSubmissionKey, saveFormSubmission } from '../api/forms-api.js';
import { CaptchaError, useCaptcha } from '../components/Captcha.js';
import { FieldView } from '../components/fields/FieldView.js';
import { navigate } from '../lib/navigate.js';
import { useText } from '../lib/system-texts.js';

/** Props of {@link FormBlock}. */
export interface FormBlockProps {
  readonly form: Form;
  readonly page: PageFields;
  /** Called once the submission is saved (before any success redirect). */
  readonly onSubmitted?: () => void;
}

type Phase = 'idle' | 'submitting' | 'done';

/** The server's per-field errors that name fields of this form, or null. */
function knownFieldErrors(form: Form, body: unknown): Record<string, string> | null {
  const errors = fieldErrorsFromResponse(body);
  if (!errors) return null;
  const ids = new Set(form.fields.map((f) => f.id));
  const known = Object.entries(errors).filter(([id]) => ids.has(id));
  return known.length > 0 ? Object.fromEntries(known) : null;
}

/**
 * A public form: every field kind, client validation, captcha when the form enables it,
 * 'Submitting…' lock, then success (redirect, or the submission texts scrolled into view) or
 * errors with the captcha reset.
 */
export function FormBlock({ form, page, onSubmitted }: FormBlockProps) {
  const idPrefix = useId();
  const t = useText();
  const rootRef = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<Record<string, FieldValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const captcha = useCaptcha({ needed: form.captchaEnabled === true, action: 'form_block', theme: form.captchaTheme === 2 ? 'dark' : 'light' });

  useEffect(() => {
    if (phase === 'done') rootRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [phase]);

  const fail = (message: string, fieldErrors: Record<string, string> = {}) => {
    setErrors(fieldErrors);
    setFormError(message);
    setPhase('idle');
    captcha.reset();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (phase !== 'idle') return;
    const clientErrors = validateForm(form.fields, values);
    if (Object.keys(clientErrors).length > 0) return fail(formProblemMessage(true), clientErrors);
    setErrors({});
    setFormError(null);
    setPhase('submitting');
    const ctx = browserHttpContext();
    let captchaKey: string | undefined;
    try {
      captchaKey = (await captcha.token())?.token;
    } catch (err) {
      return fail(err instanceof CaptchaError ? err.message : FormMessages.RECAPTCHA_FAILED);
    }
    let key: string;
    try {
      key = await fetchSubmissionKey(ctx);
    } catch {
      return fail(FormMessages.NO_SUBMISSION_KEY);
    }
    let payload;
    try {
      payload = buildSubmissionPayload({ fields: form.fields, values, key, captchaKey, page, queryString: window.location.search });
    } catch {
      return fail(FormMessages.UNPARSEABLE_FIELDS);
    }
    try {
      await saveFormSubmission(ctx, payload);
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      const fieldErrors = status === 400 && err instanceof ApiError ? knownFieldErrors(form, err.body) : null;
      if (fieldErrors) return fail(FormMessages.INVALID_FIELDS, fieldErrors);
      return fail(submitErrorMessage(status, err instanceof Error ? err.message : null));
    }
    onSubmitted?.();
    if (form.successRedirect) return navigate(form.successRedirect);
    setPhase('done');
  };

  if (phase === 'done') {
    return (
      <div ref={rootRef} className="form-block form-block--submitted" role="status">
        {form.parsedSubmissionMessage && <div className="form-block__submission-text" dangerouslySetInnerHTML={{ __html: form.parsedSubmissionMessage }} />}
        {form.submissionHTML && <div className="form-block__submission-html" dangerouslySetInnerHTML={{ __html: form.submissionHTML }} />}
      </div>
    );
  }
  const submitting = phase === 'submitting';
  return (
    <div ref={rootRef} className="form-block" data-form-id={form.id}>
      <form noValidate onSubmit={submit} aria-busy={submitting || undefined} aria-label={form.name}>
        {Object.keys(errors).length > 0 && <p className="form-block__problem">{t(formProblemMessage(false))}</p>}
        {form.fields.map((field) => (
          <FieldView
            key={field.id}
            field={field}
            value={values[field.id]}
            error={errors[field.id]}
            idPrefix={idPrefix}
            onChange={(value) => setValues((prev) => ({ ...prev, [field.id]: value }))}
          />
        ))}
        {captcha.widget}
        {form.parsedDisclaimerMessage && <div className="form-block__disclaimer" dangerouslySetInnerHTML={{ __html: form.parsedDisclaimerMessage }} />}
        <button type="submit" className="form-block__submit" disabled={submitting}>
          {submitting ? t(FormMessages.SUBMITTING) : (form.submitLabel ?? t('Submit'))}
        </button>
        <p className="form-block__error" role="alert">
          {formError ? t(formError) : ''}
        </p>
      </form>
    </div>
  );
}
