import { useState, type FormEvent } from 'react';
import { api } from '../../api/http.js';
import { setData } from '../../api/query-cache.js';
import { useMutation, useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Loading } from '../../ui/Loading.js';
import { Select } from '../../ui/Select.js';
import { TextArea } from '../../ui/TextArea.js';
import type { OwnerForm } from '../forms/form-types.js';

const POPUP_PATH = '/api/owner/popup-overlay';
/** Longest popup title and text (spec 3 popup overlay). */
const TITLE_MAX = 120;
const TEXT_MAX = 500;

interface Popup {
  readonly enabled: boolean;
  readonly version: string;
  readonly position: string;
  readonly title: string;
  readonly text: string;
  readonly formId: string;
}

const POSITIONS = ['top', 'center', 'bottom'].flatMap((row) =>
  ['left', 'center', 'right'].map((column) => ({
    value: `${row}-${column}`,
    label: `${row === 'center' ? 'Middle' : row[0]!.toUpperCase() + row.slice(1)} ${column === 'center' ? 'centre' : column}`,
  })),
);

/** The newsletter popup: on or off, where it shows, its texts and its form. */
export function PopupOverlay() {
  const popup = useQuery<{ popupOverlay: Popup | null }>(POPUP_PATH);
  const forms = useQuery<{ forms: OwnerForm[] }>('/api/owner/forms');
  return (
    <section aria-labelledby="popup-heading" className="stack panel">
      <h2 id="popup-heading">Newsletter popup</h2>
      {(popup.status === 'loading' || forms.status === 'loading') && <Loading />}
      <ErrorText error={popup.error ?? forms.error} />
      {popup.data && forms.data && <PopupForm current={popup.data.popupOverlay} forms={forms.data.forms} />}
    </section>
  );
}

function PopupForm({ current, forms }: { readonly current: Popup | null; readonly forms: readonly OwnerForm[] }) {
  const [notice, setNotice] = useState('');
  const save = useMutation((body: Popup) => api<{ popupOverlay: Popup }>(POPUP_PATH, { method: 'PUT', body }));
  if (forms.length === 0) return <p>The popup shows a newsletter form. Add a form to the site first.</p>;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setNotice('');
    const result = await save.run({
      enabled: data.get('enabled') === 'on',
      version: String(data.get('version') ?? '1'),
      position: String(data.get('position') ?? 'bottom-right'),
      title: String(data.get('title') ?? ''),
      text: String(data.get('text') ?? ''),
      formId: String(data.get('formId') ?? ''),
    });
    if (result) {
      setData(POPUP_PATH, result);
      setNotice('Popup saved.');
    }
  };
  return (
    <form onSubmit={submit} className="stack">
      <Field label="Show the popup" name="enabled" type="checkbox" defaultChecked={current?.enabled ?? false} />
      <Field label="Title" name="title" required maxLength={TITLE_MAX} defaultValue={current?.title ?? 'Join our newsletter'} />
      <TextArea label="Text" name="text" maxLength={TEXT_MAX} defaultValue={current?.text ?? ''} />
      <Select
        label="Form"
        name="formId"
        defaultValue={current?.formId ?? forms[0]!.id}
        options={forms.map((form) => ({ value: form.id, label: form.name || form.id }))}
      />
      <Select label="Position" name="position" defaultValue={current?.position ?? 'bottom-right'} options={POSITIONS} />
      <Field
        label="Version"
        name="version"
        required
        pattern="[A-Za-z0-9._\-]{1,32}"
        defaultValue={current?.version ?? '1'}
        hint="Raise it to show the popup again to visitors who closed it."
      />
      <ErrorText error={save.error} />
      <p role="status">{notice}</p>
      <div className="actions">
        <button type="submit" disabled={save.pending}>
          {save.pending ? 'Saving…' : 'Save popup'}
        </button>
      </div>
    </form>
  );
}
