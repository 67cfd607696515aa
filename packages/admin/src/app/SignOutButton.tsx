import { useState } from 'react';
import { errorMessage } from '../api/http.js';
import { signOut } from '../api/session.js';
import { navigate } from './router.js';

/** Signs this browser out and goes to the sign-in page. */
export function SignOutButton() {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    setError(null);
    try {
      await signOut();
      navigate('/login', { replace: true });
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <button type="button" className="sign-out" onClick={run} disabled={pending}>
        {pending ? 'Signing out…' : 'Sign out'}
      </button>
      {error && (
        <span role="alert" className="error">
          {error}
        </span>
      )}
    </>
  );
}
