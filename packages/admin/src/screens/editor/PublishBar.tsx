import { useId, useState } from 'react';
import { ApiError, errorMessage } from '../../api/http.js';
import { invalidate } from '../../api/query-cache.js';
import { useQuery } from '../../api/use-query.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { cancelScheduled, DraftCalls, type Draft, discardDraft, publishNow, type ScheduledList, schedulePublish } from './editor-calls.js';
import { DraftSubjects, PublishDialog } from './PublishDialog.js';
import type { NamedPage } from './subject-labels.js';
import { ErrorText } from '../../ui/ErrorText.js';

interface PublishBarProps {
  readonly pages: readonly NamedPage[];
  /** Saves what the inspector still holds before anything is published or discarded. */
  readonly flush: () => Promise<void>;
  /** After a publish or discard: the editor reads the server's state again. */
  readonly onPublishedOrDiscarded: () => void;
}

type Asking = 'publish' | 'schedule' | 'discard' | undefined;

const formatTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A local date-time input's value for `date` (minutes precision). */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The unpublished changes: how many, Publish, Schedule…, Discard changes, and the scheduled publishes. */
export function PublishBar({ pages, flush, onPublishedOrDiscarded }: PublishBarProps) {
  const drafts = useQuery<{ drafts: Draft[] }>(DraftCalls.DRAFTS);
  const scheduled = useQuery<ScheduledList>(DraftCalls.SCHEDULED);
  const [asking, setAsking] = useState<Asking>();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const [notice, setNotice] = useState('');
  const [at, setAt] = useState('');
  const schedules = scheduled.data?.scheduled ?? [];
  const atId = useId();
  const list = drafts.data?.drafts ?? [];
  const count = list.length;

  const open = async (what: Asking) => {
    setFailure(undefined);
    setNotice('');
    await flush();
    invalidate(DraftCalls.DRAFTS);
    if (what === 'schedule' && !at) setAt(localInputValue(new Date(Date.now() + 60 * 60_000)));
    setAsking(what);
  };
  const run = async (work: () => Promise<string>) => {
    setPending(true);
    setFailure(undefined);
    try {
      setNotice(await work());
      setAsking(undefined);
    } catch (error) {
      setFailure(error);
    } finally {
      setPending(false);
      invalidate(DraftCalls.DRAFTS);
      invalidate(DraftCalls.RELEASES);
      invalidate(DraftCalls.SCHEDULED);
      onPublishedOrDiscarded();
    }
  };
  const publish = () =>
    run(async () => {
      const release = await publishNow();
      invalidate('/api/owner/pages');
      return `Published as release ${release.number}: visitors now see ${release.changes.length === 1 ? 'this change' : 'these changes'}.`;
    });
  const schedule = () =>
    run(async () => {
      const when = new Date(at);
      if (Number.isNaN(when.getTime())) throw new Error('Choose a date and time.');
      const made = await schedulePublish(when);
      return `Scheduled: the drafts of that moment are published ${formatTime(made.scheduledFor)}.`;
    });
  const discard = () =>
    run(async () => {
      for (const draft of list) await discardDraft(draft.subject);
      return 'Changes discarded: the editor shows what visitors see.';
    });
  const cancel = async (jobId: string) => {
    setFailure(undefined);
    try {
      await cancelScheduled(jobId);
      setNotice('Scheduled publish cancelled.');
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) {
        setFailure(error);
        return;
      }
      setNotice(errorMessage(error));
    }
    invalidate(DraftCalls.SCHEDULED);
  };

  const subjectsList = <DraftSubjects drafts={list} pages={pages} />;
  return (
    <section className="publish-bar panel" aria-label="Publishing">
      <p className="change-count">
        {drafts.status === 'loading'
          ? 'Counting changes…'
          : count === 0
            ? 'No unpublished changes'
            : `${count} unpublished ${count === 1 ? 'change' : 'changes'}`}
      </p>
      <div className="actions">
        <button type="button" onClick={() => void open('publish')} disabled={count === 0}>
          Publish
        </button>
        <button type="button" className="secondary" onClick={() => void open('schedule')} disabled={count === 0}>
          Schedule…
        </button>
        <button type="button" className="secondary" onClick={() => void open('discard')} disabled={count === 0}>
          Discard changes
        </button>
      </div>
      {schedules.length > 0 && (
        <ul className="scheduled-list" aria-label="Scheduled publishes">
          {schedules.map((s) => (
            <li key={s.jobId}>
              Publishes {formatTime(s.scheduledFor)}
              {s.scheduledBy ? ` · by ${s.scheduledBy}` : ''}{' '}
              <button type="button" className="secondary small" onClick={() => void cancel(s.jobId)}>
                Cancel<span className="visually-hidden"> the publish of {formatTime(s.scheduledFor)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="publish-notice">
        {notice}
      </p>
      {!asking && failure ? (
        <p role="alert" className="error">
          {errorMessage(failure)}
        </p>
      ) : null}
      <PublishDialog
        open={asking === 'publish'}
        drafts={list}
        pages={pages}
        pending={pending}
        failure={failure}
        onConfirm={() => void publish()}
        onCancel={() => setAsking(undefined)}
      />
      <ConfirmDialog
        open={asking === 'schedule'}
        title="Schedule a publish"
        confirmLabel="Schedule publish"
        pending={pending}
        onConfirm={() => void schedule()}
        onCancel={() => setAsking(undefined)}
      >
        <div className="field">
          <label htmlFor={atId}>Publish at</label>
          <input id={atId} type="datetime-local" value={at} required onChange={(e) => setAt(e.target.value)} aria-describedby={`${atId}-hint`} />
          <p className="hint" id={`${atId}-hint`}>
            In this computer's time zone. The drafts the site has then are published, including changes made until that moment:
          </p>
        </div>
        {subjectsList}
        <ErrorText error={failure} />
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'discard'}
        title="Discard every unpublished change?"
        confirmLabel="Discard changes"
        danger
        pending={pending}
        onConfirm={() => void discard()}
        onCancel={() => setAsking(undefined)}
      >
        <p>These drafts are deleted; the site stays as visitors see it now. This cannot be undone.</p>
        {subjectsList}
        <ErrorText error={failure} />
      </ConfirmDialog>
    </section>
  );
}
