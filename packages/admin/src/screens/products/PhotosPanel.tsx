import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, CRUMB_COOKIE, CSRF_HEADER, readCookie } from '../../api/http.js';
import { imagesPath } from './product-model.js';

/** An image as the upload call answers it. */
export interface UploadedImage {
  readonly id: string;
  readonly assetUrl: string;
  readonly altText: string;
  readonly originalSize: string;
  readonly srcset: string;
  readonly srcsetOriginal: string;
}

/** Types the upload call takes (it recognises them from the bytes). */
const ACCEPT = 'image/jpeg,image/png,image/webp';

/** Sends one file to the media call as multipart/form-data; rejects with the server's message. */
async function uploadImage(productId: string, file: File, altText: string): Promise<UploadedImage> {
  const form = new FormData();
  if (altText) form.append('altText', altText);
  form.append('file', file);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const crumb = readCookie(document.cookie, CRUMB_COOKIE);
  if (crumb) headers[CSRF_HEADER] = crumb;
  let response: Response;
  try {
    response = await fetch(imagesPath(productId), { method: 'POST', body: form, headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.', null);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : `The server answered ${response.status}.`;
    throw new ApiError(response.status, message, body);
  }
  return body as UploadedImage;
}

/**
 * Photos of a saved product: choose one or more JPEG, PNG or WebP files with their alt text;
 * each is uploaded in turn, shown as a thumbnail from its WebP copies, and a refused file is
 * named with the server's reason.
 */
export function PhotosPanel({ productId, mainImageUrl }: { readonly productId: string | undefined; readonly mainImageUrl: string | null }) {
  const fileId = useId();
  const altId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [altText, setAltText] = useState('');
  const [uploaded, setUploaded] = useState<UploadedImage[]>([]);
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
    const done: UploadedImage[] = [];
    const refused: string[] = [];
    for (const [i, file] of files.entries()) {
      setBusy(`Uploading ${i + 1} of ${files.length}…`);
      try {
        done.push(await uploadImage(productId, file, altText.trim()));
      } catch (error) {
        refused.push(`${file.name}: ${error instanceof Error ? error.message : 'The upload failed.'}`);
      }
    }
    setBusy('');
    setUploaded((current) => [...current, ...done]);
    setFailures(refused);
    if (done.length > 0) {
      setNotice(`${done.length} ${done.length === 1 ? 'photo' : 'photos'} uploaded.`);
      setAltText('');
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  if (!productId) {
    return <p className="hint">Save the product first; then add its photos here.</p>;
  }
  return (
    <div className="stack">
      {(mainImageUrl || uploaded.length > 0) && (
        <ul className="thumbnails" aria-label="Photos">
          {mainImageUrl && !uploaded.some((image) => image.assetUrl === mainImageUrl) && (
            <li>
              <img src={mainImageUrl} alt="" width={120} height={120} />
              <span className="hint">Main photo</span>
            </li>
          )}
          {uploaded.map((image) => (
            <li key={image.id}>
              <img src={image.assetUrl} srcSet={image.srcset} sizes="120px" alt={image.altText || 'Photo without alt text'} width={120} height={120} />
              <span className="hint">{image.altText ? `Alt text: ${image.altText}` : 'No alt text'}</span>
              <span className="hint">{image.originalSize.replace('x', ' × ')} px</span>
            </li>
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
            accept={ACCEPT}
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
