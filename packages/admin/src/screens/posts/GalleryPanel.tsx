import { ITEM_STATUS_LABELS, MAX_IMAGES_PER_UPLOAD } from '@emporium/server/collection-items/schemas';
import { useState } from 'react';
import { invalidate } from '../../api/query-cache.js';
import { Link } from '../../app/router.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { type ItemPage, itemsPath, orderItems, uploadGalleryImages } from './item-calls.js';

interface GalleryPanelProps {
  readonly collectionId: string;
  readonly items: ItemPage['items'];
}

/** A gallery's images in order: upload many at once, move each up or down, open one to edit its alt text and focal point. */
export function GalleryPanel({ collectionId, items }: GalleryPanelProps) {
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function run(change: () => Promise<unknown>) {
    setFailure(null);
    setBusy(true);
    try {
      await change();
      invalidate(itemsPath(collectionId));
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  const move = (index: number, by: -1 | 1) => {
    const ids = items.map((item) => item.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    return run(() => orderItems(collectionId, ids));
  };

  return (
    <div className="gallery-panel">
      <div className="field">
        <label htmlFor="gallery-upload">Upload images (up to {MAX_IMAGES_PER_UPLOAD} at once)</label>
        <input
          id="gallery-upload"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          disabled={busy}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) void run(() => uploadGalleryImages(collectionId, files));
          }}
        />
      </div>
      <ErrorText error={failure} />
      <ol className="gallery-items">
        {items.map((item, index) => (
          <li key={item.id}>
            {item.image && <img src={item.image.assetUrl} alt={item.image.altText} width={96} height={96} />}
            <Link to={`/posts/${collectionId}/${item.id}`}>{item.title}</Link> <span>{ITEM_STATUS_LABELS[item.status]}</span>
            <button type="button" className="secondary" disabled={busy || index === 0} onClick={() => move(index, -1)} aria-label={`Move ${item.title} up`}>
              Move up
            </button>
            <button
              type="button"
              className="secondary"
              disabled={busy || index === items.length - 1}
              onClick={() => move(index, 1)}
              aria-label={`Move ${item.title} down`}
            >
              Move down
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
