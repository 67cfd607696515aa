import { useState, type FormEvent } from 'react';
import { api } from '../../api/http.js';
import { useMutation } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { ACCESS_PASSWORD_MAX, ACCESS_PASSWORD_MIN } from './SitePassword.js';

/** Sets or removes the password of one collection (a page, blog or store). */
export function CollectionPassword() {
  const [notice, setNotice] = useState('');
  const save = useMutation(({ collectionId, password }: { collectionId: string; password: string | null }) =>
    api<{ id: string; passwordProtected: boolean }>(`/api/owner/access/collections/${encodeURIComponent(collectionId)}`, { method: 'PUT', body: { password } }),
  );
  const run = async (form: HTMLFormElement, remove: boolean) => {
    const data = new FormData(form);
    const collectionId = String(data.get('collectionId') ?? '').trim();
    setNotice('');
    const result = await save.run({ collectionId, password: remove ? null : String(data.get('password') ?? '') });
    if (result) setNotice(result.passwordProtected ? `Collection ${result.id} now asks for its password.` : `Collection ${result.id} is open to everyone.`);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(event.currentTarget, false);
  };
  return (
    <section aria-labelledby="collection-password-heading" className="stack panel">
      <h2 id="collection-password-heading">Collection password</h2>
      <p>Protects one page, blog or store of the site with its own password.</p>
      <form onSubmit={submit} className="stack">
        <Field label="Collection id" name="collectionId" required maxLength={64} autoComplete="off" />
        <Field
          label="Collection password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={ACCESS_PASSWORD_MIN}
          maxLength={ACCESS_PASSWORD_MAX}
        />
        <ErrorText error={save.error} />
        <p role="status">{notice}</p>
        <div className="actions">
          <button type="submit" disabled={save.pending}>
            Set password
          </button>
          <button
            type="button"
            className="secondary"
            disabled={save.pending}
            onClick={(event) => event.currentTarget.form && run(event.currentTarget.form, true)}
          >
            Remove password
          </button>
        </div>
      </form>
    </section>
  );
}
