import { useState, type FormEvent } from 'react';
import { api, errorMessage } from '../../api/http.js';
import { Link } from '../../app/router.js';
import { Field } from '../../ui/Field.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';

/** Asks for a password-reset mail. The answer is the same whether or not the account exists. */
export default function ForgotPasswordScreen() {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setPending(true);
    setError(null);
    try {
      await api('/api/owner/password-reset', { method: 'POST', body: { email } });
      setSent(true);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <ScreenHeading>Reset your password</ScreenHeading>
      {sent ? (
        <p role="status">If an owner account has that email, a link to choose a new password is on its way. The link works once, for 15 minutes.</p>
      ) : (
        <form onSubmit={submit} className="stack">
          <Field label="Email" name="email" type="email" autoComplete="username" required />
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          <button type="submit" disabled={pending}>
            {pending ? 'Sending…' : 'Send the link'}
          </button>
        </form>
      )}
      <p>
        <Link to="/login">Back to sign in</Link>
      </p>
    </>
  );
}
