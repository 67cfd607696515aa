import { BLOCK_MEDIA_PATH, type BlockMediaList, type LibraryImage, type UploadedBlockImage } from '@emporium/server/block-kinds';
import { useId, useState } from 'react';
import { invalidate } from '../../../api/query-cache.js';
import { useQuery } from '../../../api/use-query.js';
import { postForm } from '../../products/upload-form.js';

interface ImagePickerProps {
  /** The button's words ("Choose image", "Add an image"). */
  readonly label: string;
  /** What the owner picks the image for, for screen readers ("for Image block 2"). */
  readonly purpose: string;
  readonly onPick: (image: LibraryImage) => void;
}

/** Spec 8 "Setup and UI": the upload failure's words. */
const UPLOAD_FAILED = 'There was a problem while uploading your file (Unable to Upload File)';

function ImageChoices({ purpose, onPick }: Pick<ImagePickerProps, 'purpose' | 'onPick'>) {
  const media = useQuery<BlockMediaList>(BLOCK_MEDIA_PATH);
  if (media.status === 'loading') return <p className="hint">Loading your images…</p>;
  if (media.status === 'error')
    return (
      <p className="field-error" role="status">
        Unable to load results
      </p>
    );
  const images = media.data?.images ?? [];
  if (images.length === 0) return <p className="hint">No images yet: upload one.</p>;
  return (
    <ul className="image-picker__choices" aria-label={`Your images ${purpose}`}>
      {images.map((image) => (
        <li key={image.assetUrl}>
          <button type="button" className="image-picker__choice" onClick={() => onPick(image)}>
            <img src={image.assetUrl} alt="" width={72} height={72} loading="lazy" />
            <span>
              Use <span className="visually-hidden">the image of </span>
              {image.source}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A button that opens the site's images to choose one, or to upload a new one (sniffed and resized by the media pipeline). */
export function ImagePicker({ label, purpose, onPick }: ImagePickerProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const panelId = useId();
  const uploadId = useId();
  const pick = (image: LibraryImage) => {
    onPick(image);
    setOpen(false);
  };
  const upload = async (file: File) => {
    setBusy(true);
    setFailure('');
    try {
      const form = new FormData();
      form.append('file', file);
      const stored = await postForm<UploadedBlockImage>(BLOCK_MEDIA_PATH, form);
      invalidate(BLOCK_MEDIA_PATH);
      pick(stored);
    } catch (error) {
      setFailure(`${UPLOAD_FAILED}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="image-picker">
      <button type="button" className="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {label}
        <span className="visually-hidden"> {purpose}</span>
      </button>
      {open && (
        <div className="image-picker__panel" id={panelId}>
          <div className="field">
            <label htmlFor={uploadId}>Upload a new image</label>
            <input
              id={uploadId}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              disabled={busy}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void upload(file);
              }}
            />
          </div>
          {busy && <p className="hint">Uploading…</p>}
          {failure && (
            <p className="field-error" role="alert">
              {failure}
            </p>
          )}
          <ImageChoices purpose={purpose} onPick={pick} />
        </div>
      )}
    </div>
  );
}
