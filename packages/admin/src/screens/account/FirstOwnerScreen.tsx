import { useState, type FormEvent } from 'react';
import { api, errorMessage } from '../../api/http.js';
import { sessionStarted, type Owner, type SessionSite } from '../../api/session.js';
import { navigate, SITE } from '../../app/router.js';
import { Field } from '../../ui/Field.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { passwordPair } from './password-pair.js';

/**
 * The first owner of a site, from the one-time link `emporium serve` prints while the site has
 * no owner: they choose their email and password here and are signed in as its admin.
 */
export default function FirstOwnerScreen({ token }: { readonly token: string }) {
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
      const answer = await api<{ owner: Owner; site: SessionSite }>('/api/owner/setup', {
        method: 'POST',
        body: { token, email: String(data.get('email') ?? ''), password },
      });
      sessionStarted(answer);
      window.history.replaceState(null, '', window.location.pathname);
      navigate('/', { replace: true });
    } catch (caught) {
      setError(errorMessage(caught));
      setPending(false);
    }
  };
  if (!token) {
    return (
      <>
        <ScreenHeading>Create the first owner</ScreenHeading>
        <p role="alert" className="error">
          This link is incomplete. Copy the whole link the server printed and open it again.
        </p>
      </>
    );
  }
  return (
    <>
      <ScreenHeading>Create the first owner</ScreenHeading>
      <p>
        You will be the admin of <strong>{SITE}</strong>. This link works once.
      </p>
      <form onSubmit={submit} className="stack">
        <Field label="Email" name="email" type="email" autoComplete="username" required />
        <Field label="Password" name="password" type="password" autoComplete="new-password" minLength={12} hint="At least 12 characters." required />
        <Field label="Password again" name="repeat" type="password" autoComplete="new-password" error={mismatch} required />
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit" disabled={pending}>
          {pending ? 'Creating…' : 'Create owner and sign in'}
        </button>
      </form>
    </>
  );
}
