import { useState } from 'react';
import { errorMessage } from '../../api/http.js';
import { invalidate } from '../../api/query-cache.js';
import { useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { DraftCalls, type Release, restoreSubject } from './editor-calls.js';
import { type NamedPage, subjectLabel } from './subject-labels.js';

interface HistoryPanelProps {
  readonly pages: readonly NamedPage[];
  /** After a restore: the editor reads the restored subject's draft and the preview shows it. */
  readonly onRestored: (subject: string) => void;
}

const formatTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The site's releases, newest first: who published what and when, and Restore of what a release changed. */
export function HistoryPanel({ pages, onRestored }: HistoryPanelProps) {
  const releases = useQuery<{ releases: Release[] }>(DraftCalls.RELEASES);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState<string>();

  const restore = async (release: Release, subject: string) => {
    const label = subjectLabel(subject, pages, release.changes.find((c) => c.subject === subject)?.after);
    setBusy(`${release.id} ${subject}`);
    setFailure(undefined);
    setNotice('');
    try {
      await restoreSubject(release.id, subject);
      invalidate(DraftCalls.DRAFTS);
      onRestored(subject);
      setNotice(`${label} as it was before release ${release.number} is now a draft: preview it, then publish.`);
    } catch (error) {
      setFailure(new Error(`${label} was not restored: ${errorMessage(error)}`));
    } finally {
      setBusy(undefined);
    }
  };

  if (releases.status === 'loading') return <Loading />;
  const list = releases.data?.releases ?? [];
  return (
    <div className="stack history">
      <ErrorText error={releases.error ?? failure} />
      <p role="status" className="history-notice">
        {notice}
      </p>
      {list.length === 0 && !releases.error && (
        <p className="hint">Nothing published from the editor yet. Each publish is kept here, to look back at and restore.</p>
      )}
      <ol className="release-list">
        {list.map((release) => (
          <li key={release.id} className="release">
            <h3>Release {release.number}</h3>
            <p className="meta">
              {formatTime(release.publishedAt)} · by {release.publishedBy || 'an owner'}
            </p>
            <ul className="change-list">
              {release.changes.map((change) => {
                const label = subjectLabel(change.subject, pages, change.after);
                return (
                  <li key={change.subject}>
                    <span>{label}</span>
                    <button type="button" className="secondary small" disabled={busy !== undefined} onClick={() => void restore(release, change.subject)}>
                      {busy === `${release.id} ${change.subject}` ? 'Restoring…' : 'Restore'}
                      <span className="visually-hidden">
                        {' '}
                        {label} as it was before release {release.number}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}
