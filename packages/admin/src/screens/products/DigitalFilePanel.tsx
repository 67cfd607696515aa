import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/http.js';
import { formatFileSize, loadDigitalFile, MAX_DIGITAL_FILE_BYTES, uploadDigitalFile, type DigitalFile } from './digital-file-calls.js';

/** The server's words for a file over the limit, said before sending it. */
const TOO_LARGE = `The file is too large: the maximum size is ${MAX_DIGITAL_FILE_BYTES / 1024 / 1024} MB.`;

interface DigitalFilePanelProps {
  /** The saved product's id, when it is saved as a digital product. */
  readonly productId: string | undefined;
}

/**
 * The file buyers of a digital product download: its name and size, and an upload that attaches
 * or replaces it. A file over the server's limit is refused before it is sent.
 */
export function DigitalFilePanel({ productId }: DigitalFilePanelProps) {
  const inputId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<DigitalFile | null | undefined>(undefined);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    if (!productId) return;
    const controller = new AbortController();
    loadDigitalFile(productId, controller.signal).then(setFile, (error: unknown) => {
      if (!controller.signal.aborted) setFailure(errorMessage(error));
    });
    return () => controller.abort();
  }, [productId]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!productId) return;
    const chosen = fileRef.current?.files?.[0];
    setNotice('');
    if (!chosen) {
      setFailure('Choose a file to upload.');
      return;
    }
    if (chosen.size > MAX_DIGITAL_FILE_BYTES) {
      setFailure(`${chosen.name}: ${TOO_LARGE}`);
      return;
    }
    setFailure('');
    setBusy(true);
    try {
      const uploaded = await uploadDigitalFile(productId, chosen);
      setFile(uploaded);
      setNotice(`${uploaded.name} uploaded.`);
      if (fileRef.current) fileRef.current.value = '';
    } catch (error) {
      setFailure(`${chosen.name}: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  if (!productId) return <p className="hint">Save the product as a digital product first; then upload the file buyers download.</p>;
  return (
    <form className="stack" onSubmit={submit} aria-label="Digital file">
      {file === undefined && !failure && <p className="hint">Loading the file…</p>}
      {file === null && <p>No file yet: buyers get nothing to download until you upload one.</p>}
      {file && (
        <p className="digital-file">
          <strong>{file.name}</strong> <span className="hint">({formatFileSize(file.size)})</span>
        </p>
      )}
      <div className="field">
        <label htmlFor={inputId}>{file ? 'Replace the file' : 'File to upload'} (any type, up to 100 MB)</label>
        <input id={inputId} ref={fileRef} type="file" name="file" aria-describedby={failure ? `${inputId}-error` : `${inputId}-hint`} />
        <p className="hint" id={`${inputId}-hint`}>
          Buyers get a download link after their order, on the confirmation page and in their receipt.
        </p>
      </div>
      <button type="submit" className="secondary" disabled={busy}>
        {busy ? 'Uploading…' : file ? 'Replace file' : 'Upload file'}
      </button>
      {failure && (
        <p role="alert" id={`${inputId}-error`} className="field-error">
          {failure}
        </p>
      )}
      <p role="status">{notice}</p>
    </form>
  );
}
