import { ITEM_STATUS_LABELS, MAX_IMAGES_PER_UPLOAD } from '@emporium/server/collection-items/schemas';
import { useState } from 'react';
import { invalidate } from '../../api/query-cache.js';
import { Link } from '../../app/router.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { DraftCalls } from '../editor/editor-calls.js';
import { PublishBar } from '../editor/PublishBar.js';
import { deleteItem, type ItemPage, itemsPath, orderItems, uploadGalleryImages } from './item-calls.js';

interface GalleryPanelProps {
  readonly collectionId: string;
  readonly items: ItemPage['items'];
}

type GalleryItem = ItemPage['items'][number];

/** The images in the order the owner drafted (each one's drafted place, else its published one). */
export function inDraftedOrder(items: readonly GalleryItem[]): GalleryItem[] {
  return [...items].sort((a, b) => (a.draft?.displayIndex ?? a.displayIndex) - (b.draft?.displayIndex ?? b.displayIndex));
}

/** What an image's draft changes for visitors, as the list says it. */
function draftNote(item: GalleryItem): string | undefined {
  if (!item.draft) return undefined;
  if (item.draft.removed) return 'Removed when you publish';
  if (item.status !== 'published' && item.draft.status === 'published') return 'New: shown when you publish';
  return 'Changed: not published yet';
}

/**
 * A gallery's images in order: upload many at once, move each up or down, remove one, open one
 * to edit its alt text and focal point. Every change is a draft (decision 0055): visitors see it
 * once the site is published.
 */
export function GalleryPanel({ collectionId, items }: GalleryPanelProps) {
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const shown = inDraftedOrder(items);

  async function run(change: () => Promise<unknown>) {
    setFailure(null);
    setBusy(true);
    try {
      await change();
      invalidate(itemsPath(collectionId));
      invalidate(DraftCalls.DRAFTS);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  const move = (index: number, by: -1 | 1) => {
    const ids = shown.map((item) => item.id);
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
        <p className="hint">New images, removals and a new order are drafts: visitors see them once you publish.</p>
      </div>
      <ErrorText error={failure} />
      <ol className="gallery-items">
        {shown.map((item, index) => {
          const note = draftNote(item);
          return (
            <li key={item.id}>
              {item.image && <img src={item.image.assetUrl} alt={item.image.altText} width={96} height={96} />}
              <Link to={`/posts/${collectionId}/${item.id}`}>{item.title}</Link> <span>{ITEM_STATUS_LABELS[item.status]}</span>
              {note && <span className="meta"> · {note}</span>}
              <button type="button" className="secondary" disabled={busy || index === 0} onClick={() => move(index, -1)} aria-label={`Move ${item.title} up`}>
                Move up
              </button>
              <button
                type="button"
                className="secondary"
                disabled={busy || index === shown.length - 1}
                onClick={() => move(index, 1)}
                aria-label={`Move ${item.title} down`}
              >
                Move down
              </button>
              <button
                type="button"
                className="secondary"
                disabled={busy || item.draft?.removed === true}
                onClick={() => run(() => deleteItem(collectionId, item.id, item.version, true))}
                aria-label={`Remove ${item.title}`}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ol>
      <PublishBar pages={[]} flush={async () => {}} onPublishedOrDiscarded={() => invalidate(itemsPath(collectionId))} />
    </div>
  );
}
