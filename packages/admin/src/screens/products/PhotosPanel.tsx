import { useId, useRef, useState, type FormEvent } from 'react';
import { PhotoEditor } from './PhotoEditor.js';
import { PHOTO_TYPES, uploadPhoto, type PendingPhotos, type ProductPhoto } from './photo-calls.js';

interface PhotosPanelProps {
  readonly productId: string | undefined;
  /** A new product's chosen photos, uploaded once it is created. */
  readonly pending: PendingPhotos;
  readonly onPendingChange: (pending: PendingPhotos) => void;
  /** The product's main image when it has no uploaded photos (a seeded or imported image). */
  readonly mainImageUrl: string | null;
  /** The product's photos (loaded by the editor, which also offers them to the variants). */
  readonly photos: readonly ProductPhoto[];
  readonly onPhotosChange: (update: (photos: readonly ProductPhoto[]) => ProductPhoto[]) => void;
}

/**
 * Photos of a product: each saved photo with its alt text and focal point to edit, and an upload
 * of one or more JPEG, PNG or WebP files with their alt text; each file is uploaded in turn and
 * a refused file is named with the server's reason. A new product's photos are chosen here and
 * uploaded right after it is created.
 */
export function PhotosPanel({ productId, pending, onPendingChange, mainImageUrl, photos, onPhotosChange }: PhotosPanelProps) {
  const fileId = useId();
  const altId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [altText, setAltText] = useState('');
  const [failures, setFailures] = useState<string[]>([]);
  const [busy, setBusy] = useState('');
  const [notice, setNotice] = useState('');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!productId) return;
    const files = Array.from(fileRef.current?.files ?? []);
    if (files.length === 0) {
      setFailures(['Choose an image to upload.']);
      return;
    }
    setFailures([]);
    setNotice('');
    const done: ProductPhoto[] = [];
    const refused: string[] = [];
    for (const [i, file] of files.entries()) {
      setBusy(`Uploading ${i + 1} of ${files.length}…`);
      try {
        done.push(await uploadPhoto(productId, file, altText.trim()));
      } catch (error) {
        refused.push(`${file.name}: ${error instanceof Error ? error.message : 'The upload failed.'}`);
      }
    }
    setBusy('');
    onPhotosChange((current) => [...current, ...done]);
    setFailures(refused);
    if (done.length > 0) {
      setNotice(`${done.length} ${done.length === 1 ? 'photo' : 'photos'} uploaded.`);
      setAltText('');
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  if (!productId) {
    return (
      <div className="stack">
        <div className="field">
          <label htmlFor={fileId}>Photos (JPEG, PNG or WebP, up to 10 MB each)</label>
          <input
            id={fileId}
            type="file"
            accept={PHOTO_TYPES}
            multiple
            aria-describedby={`${fileId}-hint`}
            onChange={(e) => onPendingChange({ ...pending, files: Array.from(e.currentTarget.files ?? []) })}
          />
          <p className="hint" id={`${fileId}-hint`}>
            {pending.files.length === 0
              ? 'They are uploaded when the product is created.'
              : `${pending.files.length} ${pending.files.length === 1 ? 'photo' : 'photos'} to upload when the product is created.`}
          </p>
        </div>
        <div className="field">
          <label htmlFor={altId}>Alt text of these photos</label>
          <input
            id={altId}
            value={pending.altText}
            maxLength={250}
            onChange={(e) => onPendingChange({ ...pending, altText: e.currentTarget.value })}
            aria-describedby={`${altId}-hint`}
          />
          <p className="hint" id={`${altId}-hint`}>
            What the photo shows, for people who cannot see it (250 characters at most).
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="stack">
      {photos.length === 0 && mainImageUrl && (
        <ul className="thumbnails" aria-label="Photos">
          <li>
            <img src={mainImageUrl} alt="" width={120} height={120} />
            <span className="hint">Main photo</span>
          </li>
        </ul>
      )}
      {photos.length > 0 && (
        <ul className="photo-cards" aria-label="Photos">
          {photos.map((photo, index) => (
            <PhotoEditor
              key={photo.id}
              productId={productId}
              photo={photo}
              index={index}
              onSaved={(saved) => onPhotosChange((current) => current.map((p) => (p.id === saved.id ? saved : p)))}
            />
          ))}
        </ul>
      )}
      <form className="stack" onSubmit={submit} aria-label="Upload photos">
        <div className="field">
          <label htmlFor={fileId}>Photos (JPEG, PNG or WebP, up to 10 MB each)</label>
          <input
            id={fileId}
            ref={fileRef}
            type="file"
            name="file"
            accept={PHOTO_TYPES}
            multiple
            aria-describedby={failures.length ? `${fileId}-error` : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor={altId}>Alt text of these photos</label>
          <input id={altId} value={altText} maxLength={250} onChange={(e) => setAltText(e.currentTarget.value)} aria-describedby={`${altId}-hint`} />
          <p className="hint" id={`${altId}-hint`}>
            What the photo shows, for people who cannot see it (250 characters at most).
          </p>
        </div>
        <button type="submit" className="secondary" disabled={busy !== ''}>
          {busy || 'Upload photos'}
        </button>
        {failures.length > 0 && (
          <div role="alert" id={`${fileId}-error`} className="field-error">
            {failures.map((failure) => (
              <p key={failure}>{failure}</p>
            ))}
          </div>
        )}
        <p role="status">{notice}</p>
      </form>
    </div>
  );
}
