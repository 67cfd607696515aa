import { MAX_IMAGES_PER_UPLOAD } from '@emporium/server/collection-items/schemas';
import { type ReactNode, useState } from 'react';
import { invalidate } from '../../api/query-cache.js';
import { Link } from '../../app/router.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { DraftCalls } from '../editor/editor-calls.js';
import { PublishBar } from '../editor/PublishBar.js';
import { canMove, type GalleryItem, type GalleryPageAt, imageAction, isNewUpload, movedMessage, statusLine } from './gallery-model.js';
import { deleteItem, itemsPath, keepImage, moveImage, uploadGalleryImages } from './item-calls.js';

interface GalleryPanelProps {
  readonly collectionId: string;
  /** One page of the images, in their drafted order. */
  readonly items: readonly GalleryItem[];
  /** Where the page sits in the gallery. */
  readonly at: GalleryPageAt;
  /** The list shows one status only: its places are not the gallery's, so it offers no moves. */
  readonly filtered: boolean;
  /** The controls of the gallery's pages, shown under the images. */
  readonly pager?: ReactNode;
}

/**
 * A gallery's images in order, a page at a time: upload many at once, move each up or down
 * (across the page's edges too), remove one and keep it again, discard a new upload, open one
 * to edit its alt text and focal point. Every change is a draft (decision 0055): visitors see
 * it once the site is published.
 */
export function GalleryPanel({ collectionId, items, at, filtered, pager }: GalleryPanelProps) {
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');

  async function run(change: () => Promise<string>) {
    setFailure(null);
    setNotice('');
    setBusy(true);
    try {
      setNotice(await change());
      invalidate(itemsPath(collectionId));
      invalidate(DraftCalls.DRAFTS);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  const move = (item: GalleryItem, by: -1 | 1) => run(async () => movedMessage(item.title, await moveImage(collectionId, item.id, by), at));
  const act = (item: GalleryItem) => {
    const action = imageAction(item);
    if (action === 'keep') return run(async () => (await keepImage(collectionId, item.id), `“${item.title}” stays in the gallery.`));
    if (action === 'discard-upload')
      return run(async () => (await deleteItem(collectionId, item.id, item.version, true), `The upload “${item.title}” is discarded.`));
    return run(async () => {
      const { deleted } = await deleteItem(collectionId, item.id, item.version, true);
      return deleted ? `“${item.title}” is deleted.` : `“${item.title}” is removed when you publish.`;
    });
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
            if (files.length > 0)
              void run(async () => {
                const { items: added } = await uploadGalleryImages(collectionId, files);
                return added.length === 1 ? '1 image uploaded: shown when you publish.' : `${added.length} images uploaded: shown when you publish.`;
              });
          }}
        />
        <p className="hint">
          New images, removals and a new order are drafts: visitors see them once you publish.
          {filtered && ' Choose Every status to change the order.'}
        </p>
      </div>
      <ErrorText error={failure} />
      <p className="gallery-notice" role="status">
        {notice}
      </p>
      {items.length === 0 ? (
        <p>No images yet.</p>
      ) : (
        <ol className="gallery-items" start={at.offset + 1}>
          {items.map((item, index) => {
            const action = imageAction(item);
            const removed = action === 'keep';
            return (
              <li key={item.id} className={removed ? 'removed' : isNewUpload(item) ? 'added' : undefined}>
                {!filtered && (
                  <span className="gallery-place" aria-hidden="true">
                    {at.offset + index + 1}
                  </span>
                )}
                {item.image && <img src={item.image.assetUrl} alt={item.image.altText} width={72} height={72} />}
                <div className="gallery-text">
                  <Link to={`/posts/${collectionId}/${item.id}`}>{item.title}</Link>
                  <span className="meta">{statusLine(item)}</span>
                </div>
                <div className="gallery-actions">
                  {!filtered && (
                    <>
                      <button
                        type="button"
                        className="secondary"
                        disabled={busy || !canMove(index, items.length, at, -1)}
                        onClick={() => move(item, -1)}
                        aria-label={`Move ${item.title} up`}
                      >
                        Move up
                      </button>
                      <button
                        type="button"
                        className="secondary"
                        disabled={busy || !canMove(index, items.length, at, 1)}
                        onClick={() => move(item, 1)}
                        aria-label={`Move ${item.title} down`}
                      >
                        Move down
                      </button>
                    </>
                  )}
                  <button type="button" className="secondary" disabled={busy} onClick={() => act(item)} aria-label={`${ACTION_LABELS[action]} ${item.title}`}>
                    {ACTION_LABELS[action]}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {pager}
      <PublishBar pages={[]} flush={async () => {}} onPublishedOrDiscarded={() => invalidate(itemsPath(collectionId))} />
    </div>
  );
}

const ACTION_LABELS = Object.freeze({ keep: 'Keep', 'discard-upload': 'Discard upload', remove: 'Remove' });

interface GalleryPagerProps {
  readonly pageNumber: number;
  readonly hasNext: boolean;
  readonly onBack: () => void;
  readonly onForward: () => void;
}

/** The gallery's pages of images, first to last (a gallery is in its own order, not newest first). */
export function GalleryPager({ pageNumber, hasNext, onBack, onForward }: GalleryPagerProps) {
  if (pageNumber === 1 && !hasNext) return null;
  return (
    <div className="pager" role="group" aria-label="Pages of images">
      <button type="button" className="secondary" disabled={pageNumber === 1} onClick={onBack}>
        Previous images
      </button>
      <span>Page {pageNumber}</span>
      <button type="button" className="secondary" disabled={!hasNext} onClick={onForward}>
        Next images
      </button>
    </div>
  );
}
