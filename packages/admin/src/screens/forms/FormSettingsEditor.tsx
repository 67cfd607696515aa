import { useState, type FormEvent } from 'react';
import { ApiError, api } from '../../api/http.js';
import { invalidate } from '../../api/query-cache.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Select } from '../../ui/Select.js';
import { Tabs } from '../../ui/Tabs.js';
import { TextArea } from '../../ui/TextArea.js';
import { FORMS_PATH, type FormField, type OwnerForm } from './form-types.js';

/** The settings the editor changes (the body of PUT /api/owner/forms/{id}). */
type Draft = Omit<OwnerForm, 'id' | 'updatedAt' | 'fields' | 'storage'> & { fields: FormField[]; storageEmail: string };

function draftOf(form: OwnerForm): Draft {
  const { id: _id, updatedAt: _updatedAt, storage, fields, ...rest } = form;
  return { ...rest, fields: [...fields], storageEmail: storage.email ?? '' };
}

const THEMES = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];
const ALIGNMENTS = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Centre' },
  { value: 'right', label: 'Right' },
];

/**
 * A form's settings on the editor tabs of spec 3 (build, storage, advanced, captcha,
 * disclaimer). The save button reads 'Saving…' while the save runs (spec 4 form widget).
 */
export function FormSettingsEditor({ form }: { readonly form: OwnerForm }) {
  const [draft, setDraft] = useState(() => draftOf(form));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setSaved(false);
    setDraft((current) => ({ ...current, [key]: value }));
  };
  const fieldError = (path: string) => (error instanceof ApiError ? error.fields[path] : undefined);
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    setSaved(false);
    const { storageEmail, ...settings } = draft;
    try {
      await api(`${FORMS_PATH}/${encodeURIComponent(form.id)}`, { method: 'PUT', body: { ...settings, storage: { ...form.storage, email: storageEmail } } });
      setSaved(true);
      invalidate(FORMS_PATH);
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };
  const renameField = (index: number, title: string) =>
    set(
      'fields',
      draft.fields.map((field, i) => (i === index ? { ...field, title } : field)),
    );

  const build = (
    <div className="stack">
      <Field label="Form name" value={draft.name} maxLength={500} onChange={(e) => set('name', e.target.value)} error={fieldError('name')} />
      <Field
        label="Submit button text"
        value={draft.submitLabel}
        maxLength={500}
        onChange={(e) => set('submitLabel', e.target.value)}
        error={fieldError('submitLabel')}
      />
      <fieldset>
        <legend>Field titles</legend>
        {draft.fields.length === 0 && <p>This form has no fields.</p>}
        {draft.fields.map((field, index) => (
          <Field
            key={field.id}
            label={`Field ${index + 1} (${field.type})`}
            value={field.title ?? ''}
            maxLength={500}
            onChange={(e) => renameField(index, e.target.value)}
          />
        ))}
      </fieldset>
    </div>
  );
  const storage = (
    <div className="stack">
      <p>Every submission is kept here in the dashboard. It can also be mailed to an address.</p>
      <Field
        label="Also mail submissions to"
        type="email"
        value={draft.storageEmail}
        maxLength={256}
        onChange={(e) => set('storageEmail', e.target.value)}
        error={fieldError('storage.email')}
      />
    </div>
  );
  const advanced = (
    <div className="stack">
      <TextArea
        label="Message after submitting"
        value={draft.submissionMessage}
        maxLength={10_000}
        onChange={(e) => set('submissionMessage', e.target.value)}
        error={fieldError('submissionMessage')}
      />
      <TextArea
        label="HTML after submitting"
        value={draft.submissionHtml}
        maxLength={10_000}
        onChange={(e) => set('submissionHtml', e.target.value)}
        error={fieldError('submissionHtml')}
      />
      <Field
        label="Redirect after submitting"
        hint="A page of this site or a full address; leave empty to stay on the page."
        value={draft.successRedirect}
        maxLength={2000}
        onChange={(e) => set('successRedirect', e.target.value)}
        error={fieldError('successRedirect')}
      />
    </div>
  );
  const captcha = (
    <div className="stack">
      <Field label="Ask for a CAPTCHA" type="checkbox" checked={draft.captchaEnabled} onChange={(e) => set('captchaEnabled', e.target.checked)} />
      <Select label="CAPTCHA theme" options={THEMES} value={draft.captchaTheme} onChange={(e) => set('captchaTheme', e.target.value)} />
      <Select label="CAPTCHA alignment" options={ALIGNMENTS} value={draft.captchaAlignment} onChange={(e) => set('captchaAlignment', e.target.value)} />
    </div>
  );
  const disclaimer = (
    <div className="stack">
      <TextArea
        label="Disclaimer"
        hint="Shown above the submit button; leave empty for none."
        value={draft.disclaimerMessage}
        maxLength={10_000}
        onChange={(e) => set('disclaimerMessage', e.target.value)}
        error={fieldError('disclaimerMessage')}
      />
    </div>
  );

  return (
    <section aria-labelledby="settings-heading" className="stack">
      <h2 id="settings-heading">Form settings</h2>
      <form onSubmit={save} className="stack">
        <Tabs
          label="Form settings"
          tabs={[
            { id: 'build', label: 'Build', panel: build },
            { id: 'storage', label: 'Storage', panel: storage },
            { id: 'advanced', label: 'Advanced', panel: advanced },
            { id: 'captcha', label: 'Captcha', panel: captcha },
            { id: 'disclaimer', label: 'Disclaimer', panel: disclaimer },
          ]}
        />
        <ErrorText error={error} />
        <div className="actions">
          <button type="submit" disabled={pending}>
            {pending ? 'Saving…' : 'Save settings'}
          </button>
          <span role="status">{saved ? 'Settings saved.' : ''}</span>
        </div>
      </form>
    </section>
  );
}
