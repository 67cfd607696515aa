import { useState } from 'react';
import { errorMessage } from '../../api/http.js';
import { Field } from '../../ui/Field.js';
import { humanSize, type LibraryFile, LibraryMessages as M } from './files-calls.js';

interface FileCardProps {
  readonly file: LibraryFile;
  /** Resolves whether the name was saved (the screen says why not). */
  readonly onRename: (name: string) => Promise<boolean>;
  readonly onDescribe: (altText: string) => Promise<void>;
  readonly onDelete: () => void;
}

/** One file of the library: its picture, name, size and alt text, renamed and described in place. */
export function FileCard({ file, onRename, onDescribe, onDelete }: FileCardProps) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(file.name);
  const [altText, setAltText] = useState(file.altText);
  const [nameError, setNameError] = useState('');
  const [altError, setAltError] = useState('');
  const [busy, setBusy] = useState(false);

  const saveName = async () => {
    if (!name.trim()) {
      setNameError(M.NAME_REQUIRED);
      return;
    }
    setBusy(true);
    setNameError('');
    try {
      if (await onRename(name.trim())) setEditing(false);
    } finally {
      setBusy(false);
    }
  };

  const saveAlt = async () => {
    setBusy(true);
    setAltError('');
    try {
      await onDescribe(altText.trim());
    } catch (error) {
      setAltError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const [width, height] = file.originalSize.split('x');
  return (
    <li className="file-card">
      <img src={file.assetUrl} srcSet={file.srcset || undefined} sizes="12rem" alt={file.altText} width={width} height={height} loading="lazy" />
      {editing ? (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            void saveName();
          }}
        >
          <Field label="File name" value={name} onChange={(event) => setName(event.target.value)} error={nameError} maxLength={200} autoFocus />
          <div className="actions">
            <button type="submit" disabled={busy}>
              Save name
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => {
                setEditing(false);
                setName(file.name);
                setNameError('');
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <p className="file-name">{file.name}</p>
      )}
      <p className="hint">
        {file.originalSize.replace('x', ' × ')} px · {humanSize(file.bytes)}
      </p>
      <form
        className="file-alt"
        onSubmit={(event) => {
          event.preventDefault();
          void saveAlt();
        }}
      >
        <Field
          label={`Alt text of ${file.name}`}
          value={altText}
          maxLength={250}
          onChange={(event) => setAltText(event.target.value)}
          hint={altText.trim() ? undefined : 'Empty: the picture is decorative and screen readers skip it.'}
          error={altError}
        />
        <button type="submit" className="secondary" disabled={busy || altText.trim() === file.altText} aria-label={`Save alt text of ${file.name}`}>
          Save alt text
        </button>
      </form>
      {!editing && (
        <div className="actions">
          <button type="button" className="secondary" onClick={() => setEditing(true)} aria-label={`Rename ${file.name}`}>
            Rename
          </button>
          <button type="button" className="secondary" onClick={onDelete} aria-label={`Delete ${file.name}`}>
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
