import { useState, type ReactNode } from 'react';
import { api, withQuery } from '../../api/http.js';
import { useMutation, useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';

/** Moderation states of comments and reviews. */
export const MODERATION_STATUSES = [
  { value: 'pending', label: 'Waiting' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number]['value'];

/** What a queue needs to know about one entry. */
export interface QueueEntry {
  readonly id: string;
  readonly authorName: string;
  readonly status: ModerationStatus;
}

interface ModerationQueueProps<T extends QueueEntry> {
  /** The queue call, e.g. /api/content/comments. */
  readonly path: string;
  /** Key of the list in the answer ('comments', 'reviews'). */
  readonly listKey: string;
  /** 'comment' or 'review', for labels. */
  readonly noun: string;
  readonly render: (entry: T) => ReactNode;
}

/** A moderation queue: pick a state, read the entries, approve or reject each. */
export function ModerationQueue<T extends QueueEntry>({ path, listKey, noun, render }: ModerationQueueProps<T>) {
  const [status, setStatus] = useState<ModerationStatus>('pending');
  const [notice, setNotice] = useState('');
  const queue = useQuery<Record<string, T[]>>(withQuery(path, { status }));
  const moderate = useMutation(
    ({ id, action }: { id: string; action: 'approve' | 'reject' }) =>
      api<{ id: string; status: string }>(`${path}/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
    [path],
  );
  const entries = queue.data?.[listKey] ?? [];
  const act = async (entry: T, action: 'approve' | 'reject') => {
    setNotice('');
    const result = await moderate.run({ id: entry.id, action });
    if (result) setNotice(`The ${noun} by ${entry.authorName} is ${result.status}.`);
  };
  return (
    <div className="stack">
      <fieldset className="segmented">
        <legend>Show</legend>
        {MODERATION_STATUSES.map((option) => (
          <label key={option.value}>
            <input type="radio" name={`${noun}-status`} value={option.value} checked={status === option.value} onChange={() => setStatus(option.value)} />
            {option.label}
          </label>
        ))}
      </fieldset>
      <p role="status">{notice}</p>
      <ErrorText error={queue.error ?? moderate.error} />
      {queue.status === 'loading' && <Loading />}
      {queue.status === 'success' && entries.length === 0 && (
        <p>
          No {MODERATION_STATUSES.find((option) => option.value === status)!.label.toLowerCase()} {noun}s.
        </p>
      )}
      <ul className="cards">
        {entries.map((entry) => (
          <li key={entry.id} className="card">
            <article aria-label={`${noun} by ${entry.authorName}`}>
              {render(entry)}
              <div className="actions">
                {entry.status !== 'approved' && (
                  <button
                    type="button"
                    disabled={moderate.pending}
                    onClick={() => act(entry, 'approve')}
                    aria-label={`Approve the ${noun} by ${entry.authorName}`}
                  >
                    Approve
                  </button>
                )}
                {entry.status !== 'rejected' && (
                  <button
                    type="button"
                    className="secondary"
                    disabled={moderate.pending}
                    onClick={() => act(entry, 'reject')}
                    aria-label={`Reject the ${noun} by ${entry.authorName}`}
                  >
                    Reject
                  </button>
                )}
              </div>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
