import { ITEM_STATUS_LABELS, ItemStatus } from '@emporium/server/collection-items/schemas';
import { useState } from 'react';
import { useQuery } from '../../api/use-query.js';
import { Link, useLocation } from '../../app/router.js';
import { CursorPager, useCursorPages } from '../../ui/CursorPager.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { Select } from '../../ui/Select.js';
import { COURSE_COLLECTION_TYPE, KIND_LABELS, PAGES_PATH, type PageList } from '../pages/page-calls.js';
import { GalleryPager, GalleryPanel } from './GalleryPanel.js';
import { GALLERY_PAGE_SIZE } from './gallery-model.js';
import { type ItemPage, itemsPath } from './item-calls.js';
// biome-ignore lint/correctness/useImportExtensions: a stylesheet, bundled by Vite
import './posts.css';

const ITEM_KINDS = new Set(['blog', 'events', 'gallery']);

/** Posts: the site's blogs, events pages and galleries, and the items of the one chosen (`?page=`). */
export default function ItemsScreen() {
  const { search } = useLocation();
  const pages = useQuery<PageList>(PAGES_PATH);
  if (pages.status === 'error') return <ErrorText error={pages.error} />;
  if (!pages.data) return <Loading />;
  // A course's lessons are written on the Courses screen, not here.
  const holders = pages.data.pages.filter((page) => ITEM_KINDS.has(page.kind) && page.type !== COURSE_COLLECTION_TYPE);
  const chosen = holders.find((page) => page.id === search.get('page')) ?? holders[0];
  return (
    <section>
      <ScreenHeading>Posts</ScreenHeading>
      {holders.length === 0 ? (
        <p>Add a blog, events or gallery page on the Pages screen to write posts here.</p>
      ) : (
        <nav aria-label="Pages with posts">
          <ul className="item-holders">
            {holders.map((page) => (
              <li key={page.id}>
                <Link to={`/posts?page=${page.id}`} aria-current={page.id === chosen?.id ? 'page' : undefined}>
                  {page.title} ({KIND_LABELS[page.kind]})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {chosen && <ItemList key={chosen.id} collectionId={chosen.id} />}
    </section>
  );
}

/** The items of one collection with a status filter, a page at a time. */
export function ItemList({ collectionId }: { readonly collectionId: string }) {
  const [status, setStatus] = useState('');
  const pages = useCursorPages();
  // One page size for every kind: the gallery panel counts its images' places by it.
  const query = new URLSearchParams({ limit: String(GALLERY_PAGE_SIZE), ...(status ? { status } : {}), ...(pages.cursor ? { cursor: pages.cursor } : {}) });
  const list = useQuery<ItemPage>(`${itemsPath(collectionId)}?${query}`);
  if (list.status === 'error') return <ErrorText error={list.error} />;
  if (!list.data) return <Loading />;
  const { collection, items } = list.data;
  return (
    <div className="item-list">
      <h2>{collection.title}</h2>
      <div className="row">
        <Select
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value);
            pages.reset();
          }}
          options={[{ value: '', label: 'Every status' }, ...ItemStatus.options.map((value) => ({ value, label: ITEM_STATUS_LABELS[value] }))]}
        />
        {collection.kind !== 'gallery' && (
          <Link className="button" to={`/posts/${collection.id}/new`}>
            {collection.kind === 'blog' ? 'New post' : 'New event'}
          </Link>
        )}
      </div>
      {collection.kind === 'gallery' ? (
        <GalleryPanel
          collectionId={collection.id}
          items={items}
          at={{ offset: (pages.pageNumber - 1) * GALLERY_PAGE_SIZE, hasNextPage: list.data.hasNextPage }}
          filtered={status !== ''}
          pager={
            <GalleryPager
              pageNumber={pages.pageNumber}
              hasNext={list.data.hasNextPage}
              onBack={pages.back}
              onForward={() => pages.forward(list.data?.nextPageCursor)}
            />
          }
        />
      ) : items.length === 0 ? (
        <p>Nothing here yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Status</th>
              <th scope="col">Date</th>
              <th scope="col">Author</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>
                  <Link to={`/posts/${collection.id}/${item.id}`}>{item.title}</Link>
                </td>
                <td>
                  {ITEM_STATUS_LABELS[item.status]}
                  {item.draft && <span className="meta"> · Draft: {ITEM_STATUS_LABELS[item.draft.status]}, not published yet</span>}
                </td>
                <td>{new Date(item.event?.startDate ?? item.publishOn).toLocaleString()}</td>
                <td>{item.authorName}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {collection.kind !== 'gallery' && (
        <CursorPager
          label="Pages of items"
          pageNumber={pages.pageNumber}
          hasNext={list.data.hasNextPage}
          onBack={pages.back}
          onForward={() => pages.forward(list.data?.nextPageCursor)}
        />
      )}
    </div>
  );
}
