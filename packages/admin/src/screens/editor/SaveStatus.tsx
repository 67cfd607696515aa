import { DOCUMENT_DESTROYED, type SaveState } from './use-page-draft.js';

interface SaveStatusProps {
  readonly save: SaveState;
  readonly onRetry: () => void;
  readonly onLoadTheirs: () => void;
  readonly onKeepMine: () => void;
}

function when(at: string | undefined): string {
  if (!at) return '';
  return ` at ${new Date(at).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })}`;
}

/** Where the page's draft stands: saving, saved, refused, or changed by someone else. */
export function SaveStatus({ save, onRetry, onLoadTheirs, onKeepMine }: SaveStatusProps) {
  return (
    <div className="save-status">
      <p role="status" className={`save-state save-${save.kind}`}>
        {save.kind === 'published' && 'No unpublished changes'}
        {save.kind === 'saving' && 'Saving…'}
        {save.kind === 'saved' && 'Saved as draft'}
        {save.kind === 'invalid' && `Not saved: ${save.message}`}
      </p>
      {save.kind === 'destroyed' && <DocumentDestroyed />}
      {save.kind === 'error' && (
        <div role="alert" className="notice notice-error">
          <p>Not saved: {save.message} Your text is still here.</p>
          <button type="button" className="secondary" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {save.kind === 'conflict' && (
        <div role="alert" className="notice notice-error">
          <p>
            {save.by} changed this page{when(save.at)}, after you opened it. Your text is still here and not saved. Load their changes (Undo brings yours back),
            or save yours over theirs.
          </p>
          <div className="actions">
            <button type="button" onClick={onLoadTheirs}>
              Load their changes
            </button>
            <button type="button" className="secondary" onClick={onKeepMine}>
              Keep mine
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** The page under edit was deleted (by another owner, or in another tab): the spec's text, and what it means for the owner's edits. */
export function DocumentDestroyed() {
  return (
    <div role="alert" className="notice notice-error">
      <p>
        <strong>{DOCUMENT_DESTROYED}</strong>
      </p>
      <p>This page was deleted while it was open, so your changes to it cannot be saved. Copy any text you want to keep, then choose another page.</p>
    </div>
  );
}
