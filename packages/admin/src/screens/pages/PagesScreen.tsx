import { useState } from 'react';
import { ApiError } from '../../api/http.js';
import { siteOfSession, useSession } from '../../api/session.js';
import { useQuery } from '../../api/use-query.js';
import { LoadFailure, UNABLE_TO_LOAD_COLLECTIONS } from '../../ui/LoadFailure.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { AddPageForm } from './AddPageForm.js';
import { pageKindLabel, PAGES_PATH, type PageList } from './page-calls.js';
import { PageEditor } from './PageEditor.js';
import { SharedBlocks } from './SharedBlocks.js';
// biome-ignore lint/correctness/useImportExtensions: a stylesheet, bundled by Vite
import './pages.css';

/** The site's pages: the list, Add page, and the chosen page's settings and blocks. */
export default function PagesScreen() {
  const session = useSession();
  const pages = useQuery<PageList>(PAGES_PATH);
  const [adding, setAdding] = useState(false);
  const [selectedId, setSelectedId] = useState<string>();
  // `?shared=1` (the editor's link from a shared block chosen in its preview) opens the shared blocks.
  const [shared, setShared] = useState(() => new URLSearchParams(window.location.search).has('shared'));
  const siteUrl = siteOfSession(session.data)?.url;

  if (pages.error instanceof ApiError && pages.error.status === 403) {
    return (
      <>
        <ScreenHeading>Pages</ScreenHeading>
        <p>Your role does not include the site's content, so its pages are not yours to see or change. An admin of the site can give you access.</p>
      </>
    );
  }
  const list = pages.data?.pages ?? [];
  const selected = list.find((page) => page.id === selectedId);
  return (
    <>
      <div className="section-head">
        <ScreenHeading>Pages</ScreenHeading>
        {!adding && (
          <button type="button" onClick={() => setAdding(true)}>
            Add page
          </button>
        )}
      </div>
      {adding && (
        <AddPageForm
          onCancel={() => setAdding(false)}
          onAdded={(page) => {
            setAdding(false);
            setSelectedId(page.id);
          }}
        />
      )}
      {pages.status === 'loading' && <Loading />}
      <LoadFailure text={UNABLE_TO_LOAD_COLLECTIONS} error={pages.error} retry={PAGES_PATH} />
      <div className="pages-layout">
        <nav aria-label="Pages of the site" className="panel pages-list">
          <ul>
            {list.map((page) => (
              <li key={page.id}>
                <button
                  type="button"
                  className={page.id === selectedId ? 'page-choice current' : 'page-choice'}
                  aria-current={page.id === selectedId ? 'true' : undefined}
                  onClick={() => {
                    setSelectedId(page.id);
                    setShared(false);
                  }}
                >
                  <span className="page-choice-title">{page.title || page.urlId}</span>
                  <span className="meta">
                    {pageKindLabel(page)} · {page.fullUrl}
                    {page.isHomepage ? ' · Home' : ''}
                    {page.enabled ? '' : ' · Draft'}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="secondary"
            aria-pressed={shared}
            onClick={() => {
              setShared(true);
              setSelectedId(undefined);
            }}
          >
            Shared blocks
          </button>
        </nav>
        {shared && !selected ? (
          <SharedBlocks />
        ) : selected ? (
          <PageEditor key={selected.id} page={selected} siteUrl={siteUrl} onDeleted={() => setSelectedId(undefined)} />
        ) : (
          list.length > 0 && <p className="hint">Choose a page to change its settings and blocks.</p>
        )}
      </div>
    </>
  );
}
