import { useState, type FormEvent } from 'react';
import { api } from '../../api/http.js';
import { useMutation } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';

/** Shortest and longest lock-screen password the server accepts. */
export const ACCESS_PASSWORD_MIN = 4;
export const ACCESS_PASSWORD_MAX = 200;

/** Sets or removes the site's lock-screen password (visitors must enter it to see the site). */
export function SitePassword() {
  const [notice, setNotice] = useState('');
  const save = useMutation((password: string | null) => api<{ lockScreen: boolean }>('/api/owner/access/site', { method: 'PUT', body: { password } }));
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setNotice('');
    const result = await save.run(String(new FormData(form).get('password') ?? ''));
    if (result) {
      form.reset();
      setNotice('The site now asks visitors for this password.');
    }
  };
  const remove = async () => {
    setNotice('');
    const result = await save.run(null);
    if (result) setNotice('The site is open to everyone.');
  };
  return (
    <section aria-labelledby="site-password-heading" className="stack panel">
      <h2 id="site-password-heading">Site password</h2>
      <p>With a password, visitors see a lock screen until they enter it.</p>
      <form onSubmit={submit} className="stack">
        <Field
          label="New site password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={ACCESS_PASSWORD_MIN}
          maxLength={ACCESS_PASSWORD_MAX}
          hint={`${ACCESS_PASSWORD_MIN} to ${ACCESS_PASSWORD_MAX} characters.`}
        />
        <ErrorText error={save.error} />
        <p role="status">{notice}</p>
        <div className="actions">
          <button type="submit" disabled={save.pending}>
            {save.pending ? 'Saving…' : 'Set password'}
          </button>
          <button type="button" className="secondary" disabled={save.pending} onClick={remove}>
            Remove password
          </button>
        </div>
      </form>
    </section>
  );
}
