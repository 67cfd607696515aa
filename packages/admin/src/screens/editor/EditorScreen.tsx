import type { PageList } from '@emporium/server/site-pages/schemas';
import { useRef, useState } from 'react';
import { ApiError } from '../../api/http.js';
import { useQuery } from '../../api/use-query.js';
import { LoadFailure, UNABLE_TO_LOAD_COLLECTIONS } from '../../ui/LoadFailure.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { type DeviceId, rememberDevice, rememberedDevice } from './devices.js';
import { PageWorkspace } from './PageWorkspace.js';
import { PublishBar } from './PublishBar.js';
// biome-ignore lint/correctness/useImportExtensions: a stylesheet, bundled by Vite
import './editor.css';

/** The owner's Pages call (packages/server/src/site-pages/routes.ts). */
const PAGES_PATH = '/api/owner/pages';

/** Kinds the editor previews: every page with an address of its own on the site. */
const PREVIEWED = new Set(['page', 'blog', 'store', 'events', 'gallery']);

/**
 * The editor: the site's pages, the chosen page live in a frame at a device's width, its drafted
 * fields with undo and redo, and the publish bar (publish, schedule, discard) with history.
 */
export default function EditorScreen() {
  const pages = useQuery<PageList>(PAGES_PATH);
  const [chosenId, setChosenId] = useState<string>();
  const [device, setDevice] = useState<DeviceId>(rememberedDevice);
  const [refreshSignal, setRefreshSignal] = useState(0);
  const flushRef = useRef<() => Promise<void>>(() => Promise.resolve());

  if (pages.error instanceof ApiError && pages.error.status === 403) {
    return (
      <>
        <ScreenHeading>Editor</ScreenHeading>
        <p>Your role does not include the site's content, so its pages are not yours to edit. An admin of the site can give you access.</p>
      </>
    );
  }
  const all = pages.data?.pages ?? [];
  const list = all.filter((p) => PREVIEWED.has(p.kind));
  const chosen = list.find((p) => p.id === chosenId) ?? list.find((p) => p.isHomepage) ?? list[0];
  const named = all.map((p) => ({ id: p.id, title: p.title || p.urlId }));
  return (
    <div className="editor">
      <div className="editor-head">
        <ScreenHeading>Editor</ScreenHeading>
        <PublishBar pages={named} flush={() => flushRef.current()} onPublishedOrDiscarded={() => setRefreshSignal((n) => n + 1)} />
      </div>
      <LoadFailure text={UNABLE_TO_LOAD_COLLECTIONS} error={pages.error} retry={PAGES_PATH} />
      {pages.status === 'loading' && <Loading />}
      <div className="editor-grid">
        <nav className="editor-pages panel" aria-labelledby="editor-pages-heading">
          <h2 id="editor-pages-heading" className="panel-title">
            Pages
          </h2>
          <ul>
            {list.map((page) => (
              <li key={page.id}>
                <button
                  type="button"
                  className={page.id === chosen?.id ? 'editor-page current' : 'editor-page'}
                  aria-current={page.id === chosen?.id ? 'page' : undefined}
                  onClick={() => {
                    void flushRef.current();
                    setChosenId(page.id);
                  }}
                >
                  <span className="editor-page-title">{page.title || page.urlId}</span>
                  <span className="meta">
                    {page.fullUrl}
                    {page.enabled ? '' : ' · hidden'}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {chosen && (
          <PageWorkspace
            key={chosen.id}
            page={{ id: chosen.id, title: chosen.title, fullUrl: chosen.fullUrl, hasBlocks: chosen.kind === 'page' }}
            pages={named}
            device={device}
            onDevice={(next) => {
              setDevice(next);
              rememberDevice(next);
            }}
            refreshSignal={refreshSignal}
            flushRef={flushRef}
          />
        )}
      </div>
    </div>
  );
}
