import { useState, type FormEvent } from 'react';
import { api } from '../../api/http.js';
import { useMutation, useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { TextArea } from '../../ui/TextArea.js';
import { ConfirmDialog } from '../editor/ConfirmDialog.js';
import { customerPaths, NOTE_MAX_LENGTH, type CustomerNote } from './customer-types.js';

interface CustomerNotesProps {
  readonly siteUserId: string;
  /** The owner may add and delete notes (customers:write). */
  readonly mayEdit: boolean;
}

/** The owner's notes on a customer, newest first: internal, never shown to the customer. */
export function CustomerNotes({ siteUserId, mayEdit }: CustomerNotesProps) {
  const paths = customerPaths(siteUserId);
  const notes = useQuery<{ notes: CustomerNote[] }>(paths.notes);
  const [draft, setDraft] = useState('');
  const [deleting, setDeleting] = useState<CustomerNote | null>(null);
  const add = useMutation((body: string) => api<CustomerNote>(paths.notes, { method: 'POST', body: { body } }), [paths.notes]);
  const remove = useMutation((id: string) => api<{ deleted: true }>(paths.note(id), { method: 'DELETE' }), [paths.notes]);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await add.run(draft)) setDraft('');
  };
  const confirmDelete = async () => {
    if (deleting) await remove.run(deleting.id);
    setDeleting(null);
  };
  return (
    <section aria-labelledby="customer-notes" className="stack panel">
      <h2 id="customer-notes">Notes</h2>
      <p className="hint">
        Only you and your team see notes; the customer never does, nor are they in the customer’s data download. Erasing the customer deletes them.
      </p>
      {mayEdit && (
        <form onSubmit={(event) => void submit(event)} className="stack">
          <TextArea label="New note" name="note" value={draft} maxLength={NOTE_MAX_LENGTH} rows={3} onChange={(event) => setDraft(event.target.value)} />
          <div className="actions">
            <button type="submit" disabled={add.pending || draft.trim() === ''}>
              Add note
            </button>
          </div>
          <ErrorText error={add.error} />
        </form>
      )}
      {notes.status === 'loading' && <Loading />}
      <ErrorText error={notes.error ?? remove.error} />
      {notes.data && notes.data.notes.length === 0 && <p>No notes yet.</p>}
      {notes.data && notes.data.notes.length > 0 && (
        <ul className="customer-notes" aria-label="Notes, newest first">
          {notes.data.notes.map((note) => (
            <li key={note.id}>
              <p className="note-body">{note.body}</p>
              <p className="hint">
                {note.authorEmail ?? 'Command line'} · {new Date(note.createdAt).toLocaleString()}
                {mayEdit && (
                  <>
                    {' · '}
                    <button type="button" className="link" onClick={() => setDeleting(note)}>
                      Delete note
                    </button>
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this note?"
        confirmLabel="Delete note"
        danger
        pending={remove.pending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>The note is removed for good.</p>
      </ConfirmDialog>
    </section>
  );
}
