import { errorMessage } from '../api/http.js';
import { invalidate } from '../api/query-cache.js';

/** Spec 8: what the pages and editor screens say when the site's pages (its collections) cannot be loaded. */
export const UNABLE_TO_LOAD_COLLECTIONS = 'Unable to load collections';

interface LoadFailureProps {
  /** What could not be loaded, as spec 8 says it ('Unable to load collections'). */
  readonly text: string;
  /** The failure, whose own message is shown beneath. */
  readonly error: unknown;
  /** The cache entries fetched again by Try again. */
  readonly retry: string;
}

/** A list that could not be loaded: what failed, why, and a Try again button; nothing when there is no failure. */
export function LoadFailure({ text, error, retry }: LoadFailureProps) {
  if (!error) return null;
  const reason = errorMessage(error);
  return (
    <div className="load-failure" role="alert">
      <p className="error">{text}</p>
      {reason !== text && <p className="hint">{reason}</p>}
      <button type="button" className="secondary" onClick={() => invalidate(retry)}>
        Try again
      </button>
    </div>
  );
}
