import { useEffect, useState } from 'react';
import { ApiError, browserHttpContext } from '../api/http.js';
import { fetchLike, putLike } from './content/content-api.js';

/** Props of {@link LikeButton}. */
export interface LikeButtonProps {
  readonly itemId: string;
  /** The item's likeCount when the page was rendered. */
  readonly likeCount: number;
}

/**
 * The simple-like button: a toggle (aria-pressed) showing the like count. On load it asks
 * whether this visitor already likes the item; a click sets the like idempotently (PUT).
 */
export function LikeButton({ itemId, likeCount }: LikeButtonProps) {
  const [state, setState] = useState({ liked: false, likeCount });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchLike(browserHttpContext(), itemId)
      .then((s) => live && setState({ liked: s.liked, likeCount: s.likeCount }))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [itemId]);

  const toggle = async () => {
    if (busy) return;
    const wanted = !state.liked;
    setBusy(true);
    setError(null);
    setState({ liked: wanted, likeCount: Math.max(0, state.likeCount + (wanted ? 1 : -1)) });
    try {
      const s = await putLike(browserHttpContext(), itemId, wanted);
      setState({ liked: s.liked, likeCount: s.likeCount });
    } catch (err) {
      setState(state);
      setError(err instanceof ApiError ? err.message : 'Could not save your like.');
    } finally {
      setBusy(false);
    }
  };

  const label = `${state.likeCount} ${state.likeCount === 1 ? 'like' : 'likes'}`;
  return (
    <span className="content-like">
      <button
        type="button"
        className={`content-like__button${state.liked ? ' content-like__button--liked' : ''}`}
        aria-pressed={state.liked}
        onClick={toggle}
        disabled={busy}
      >
        <span aria-hidden="true">{state.liked ? '♥' : '♡'}</span> Like <span className="content-like__count">{`(${label})`}</span>
      </button>
      <span role="alert" className="content-like__error">
        {error ?? ''}
      </span>
    </span>
  );
}
