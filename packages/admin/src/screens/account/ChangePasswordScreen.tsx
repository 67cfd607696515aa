import { useState, type FormEvent } from 'react';
import { api, errorMessage } from '../../api/http.js';
import { refreshSession, signOut } from '../../api/session.js';
import { navigate } from '../../app/router.js';
import { Field } from '../../ui/Field.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { passwordPair } from './password-pair.js';

/** Changes the signed-in owner's password; `required` when the account must change it first. */
export default function ChangePasswordScreen({ required = false }: { readonly required?: boolean }) {
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const { password: newPassword, mismatch: differ } = passwordPair(data, 'newPassword');
    setMismatch(differ);
    if (differ) return;
    setPending(true);
    setError(null);
    setNotice(null);
    try {
      await api('/api/owner/password', { method: 'PUT', body: { currentPassword: String(data.get('currentPassword') ?? ''), newPassword } });
      form.reset();
      setNotice('Password changed.');
      refreshSession();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(false);
    }
  };
  const signOutEverywhere = async () => {
    setError(null);
    try {
      await signOut(true);
      navigate('/login', { replace: true });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  return (
    <>
      <ScreenHeading>{required ? 'Choose your own password' : 'Your account'}</ScreenHeading>
      {required && <p>You signed in with a one-time password. Choose your own before you go on.</p>}
      <form onSubmit={submit} className="stack">
        <h2>Change password</h2>
        <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required />
        <Field label="New password" name="newPassword" type="password" autoComplete="new-password" required minLength={12} hint="At least 12 characters." />
        <Field label="Repeat the new password" name="repeat" type="password" autoComplete="new-password" required error={mismatch} />
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        {notice && <p role="status">{notice}</p>}
        <button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Change password'}
        </button>
      </form>
      {!required && (
        <section className="stack">
          <h2>Sessions</h2>
          <p>Signs you out in every browser where you are signed in, this one included.</p>
          <button type="button" className="secondary" onClick={signOutEverywhere}>
            Sign out everywhere
          </button>
        </section>
      )}
    </>
  );
}
