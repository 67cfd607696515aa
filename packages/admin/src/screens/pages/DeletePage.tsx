import { useState } from 'react';
import { useMutation } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { deletePage, duplicatePage, PAGES_PATH, type PageView } from './page-calls.js';

interface DeletePageProps {
  readonly page: PageView;
  readonly onDeleted: () => void;
}

/** Duplicate and Delete page; deleting asks first. */
export function DeletePage({ page, onDeleted }: DeletePageProps) {
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState('');
  const remove = useMutation(() => deletePage(page.id).then(() => true), [PAGES_PATH]);
  const copy = useMutation(() => duplicatePage(page.id), [PAGES_PATH]);

  const confirm = async () => {
    const done = await remove.run(undefined);
    if (done) onDeleted();
  };

  return (
    <div className="stack">
      <ErrorText error={copy.error} />
      <p role="status">{notice}</p>
      {asking ? (
        <div role="alertdialog" aria-labelledby="delete-page-question" className="stack confirm">
          <p id="delete-page-question">
            <strong>Delete “{page.title}”?</strong> Its address stops working and everything on it goes. This cannot be undone.
          </p>
          <ErrorText error={remove.error} />
          <div className="actions">
            <button type="button" className="danger" autoFocus disabled={remove.pending} onClick={() => void confirm()}>
              {remove.pending ? 'Deleting…' : 'Delete page'}
            </button>
            <button type="button" className="secondary" onClick={() => setAsking(false)}>
              Keep the page
            </button>
          </div>
        </div>
      ) : (
        <div className="actions">
          <button
            type="button"
            className="secondary"
            disabled={copy.pending}
            onClick={async () => {
              const made = await copy.run(undefined);
              if (made) setNotice(`Copied as “${made.title}” (a draft at /${made.urlId}).`);
            }}
          >
            Duplicate
          </button>
          {!page.isHomepage && (
            <button type="button" className="secondary" onClick={() => setAsking(true)}>
              Delete page
            </button>
          )}
        </div>
      )}
    </div>
  );
}
