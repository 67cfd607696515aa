import { useState, type FormEvent } from 'react';
import { api, errorMessage } from '../../api/http.js';
import { sessionStarted, type Owner, type SessionSite } from '../../api/session.js';
import { Link, navigate } from '../../app/router.js';
import { Field } from '../../ui/Field.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { passwordPair } from './password-pair.js';

interface ChoosePasswordProps {
  /** A reset link of a forgotten password, or the link of an invitation. */
  readonly purpose: 'reset' | 'invitation';
  readonly token: string;
}

/** Sets a password from a mailed link (password reset or invitation acceptance). */
export default function ChoosePasswordScreen({ purpose, token }: ChoosePasswordProps) {
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const { password, mismatch: differ } = passwordPair(data);
    setMismatch(differ);
    if (differ) return;
    setPending(true);
    setError(null);
    try {
      if (purpose === 'invitation') {
        sessionStarted(await api<{ owner: Owner; site: SessionSite }>('/api/owner/invitations/accept', { method: 'POST', body: { token, password } }));
        navigate('/', { replace: true });
        return;
      }
      await api('/api/owner/password-reset/confirm', { method: 'POST', body: { token, password } });
      setDone(true);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(false);
    }
  };
  const title = purpose === 'invitation' ? 'Accept your invitation' : 'Choose a new password';
  if (!token) {
    return (
      <>
        <ScreenHeading>{title}</ScreenHeading>
        <p role="alert" className="error">
          This link is incomplete. Open the link from the mail again.
        </p>
      </>
    );
  }
  return (
    <>
      <ScreenHeading>{title}</ScreenHeading>
      {done ? (
        <p role="status">
          Your password is set. <Link to="/login">Sign in</Link>
        </p>
      ) : (
        <form onSubmit={submit} className="stack">
          {purpose === 'invitation' && <p>Choose the password you will sign in with.</p>}
          <Field label="New password" name="password" type="password" autoComplete="new-password" required minLength={12} hint="At least 12 characters." />
          <Field label="Repeat the password" name="repeat" type="password" autoComplete="new-password" required error={mismatch} />
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          <button type="submit" disabled={pending}>
            {pending ? 'Saving…' : 'Save password'}
          </button>
        </form>
      )}
    </>
  );
}
