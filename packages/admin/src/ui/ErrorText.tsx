import { errorMessage } from '../api/http.js';

/** A failure of a call, announced when it appears; nothing when there is none. */
export function ErrorText({ error }: { readonly error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="error">
      {errorMessage(error)}
    </p>
  );
}
