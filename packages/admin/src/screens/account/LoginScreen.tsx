import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/http.js';
import { signIn } from '../../api/session.js';
import { Link, navigate, SITE, useLocation } from '../../app/router.js';
import { Field } from '../../ui/Field.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';

/** Where to go after signing in: a dashboard path from `next`, else the start. */
export function safeNext(next: string | null): string {
  return next && /^\/[A-Za-z0-9/_.-]*$/.test(next) && !next.startsWith('//') && next !== '/login' ? next : '/';
}

/** Sign-in with email and password (issue 12). Errors are announced. */
export default function LoginScreen() {
  const { search } = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      await signIn(String(data.get('email') ?? ''), String(data.get('password') ?? ''));
      navigate(safeNext(search.get('next')), { replace: true });
    } catch (caught) {
      setError(errorMessage(caught));
      setPending(false);
    }
  };
  return (
    <>
      <ScreenHeading>Sign in</ScreenHeading>
      <p>
        to <strong>{SITE}</strong> · <a href="/">Other sites</a>
      </p>
      <form onSubmit={submit} className="stack" noValidate={false}>
        <Field label="Email" name="email" type="email" autoComplete="username" required />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required />
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit" disabled={pending}>
          {pending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p>
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
    </>
  );
}
