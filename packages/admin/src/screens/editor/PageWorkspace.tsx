import { type KeyboardEvent, type MutableRefObject, useEffect, useState } from 'react';
import { Tabs } from '../../ui/Tabs.js';
import { DeviceSwitch } from './DeviceSwitch.js';
import type { DeviceId } from './devices.js';
import { HistoryPanel } from './HistoryPanel.js';
import { loadInspectorBlocks } from './inspector-blocks-loader.js';
import { type BlockSelection, PageInspector } from './PageInspector.js';
import { pageSubject } from './page-fields.js';
import { PreviewFrame } from './PreviewFrame.js';
import { type SharedChoice, SharedBlockNotice } from './SharedBlockNotice.js';
import { shortcutOf } from './shortcuts.js';
import type { NamedPage } from './subject-labels.js';
import { usePageDraft } from './use-page-draft.js';
import { presenceSentence, usePresence } from './use-presence.js';

/** The page the workspace edits. */
export interface EditedPage extends NamedPage {
  readonly fullUrl: string;
  readonly hasBlocks: boolean;
}

interface PageWorkspaceProps {
  readonly page: EditedPage;
  readonly pages: readonly NamedPage[];
  readonly device: DeviceId;
  readonly onDevice: (device: DeviceId) => void;
  /** Changes after a publish or discard: the page's state is read again. */
  readonly refreshSignal: number;
  /** Where the screen finds this page's pending save, to run it before publishing. */
  readonly flushRef: MutableRefObject<() => Promise<void>>;
}

/** One page in the editor: its preview at the chosen width, its inspector, and the site's history. */
export function PageWorkspace({ page, pages, device, onDevice, refreshSignal, flushRef }: PageWorkspaceProps) {
  const [reloadSignal, setReloadSignal] = useState(0);
  const [selection, setSelection] = useState<BlockSelection>();
  const [sharedChoice, setSharedChoice] = useState<SharedChoice>();
  const [tab, setTab] = useState('page');
  const reload = () => setReloadSignal((n) => n + 1);
  const draft = usePageDraft(page.id, page.hasBlocks, reload);
  flushRef.current = draft.flush;
  const { refresh } = draft;
  const presence = presenceSentence(usePresence(pageSubject(page.id)));

  // The blocks' forms load beside the draft of a page of blocks, not after it.
  useEffect(() => {
    if (page.hasBlocks) void loadInspectorBlocks();
  }, [page.hasBlocks]);

  useEffect(() => {
    if (refreshSignal === 0) return;
    void refresh().then(reload);
  }, [refreshSignal]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const action = shortcutOf(event);
    if (!action || (event.target as Element).closest('dialog')) return;
    event.preventDefault();
    if (action === 'undo') draft.undo();
    else draft.redo();
  };

  const title = draft.stack?.present.title || page.title;
  return (
    <div className="editor-workspace" onKeyDown={onKeyDown}>
      <section className="editor-preview" aria-label={`Preview of ${title}`}>
        <div className="preview-toolbar">
          <p className="preview-address">
            <span className="visually-hidden">Address: </span>
            {page.fullUrl}
          </p>
          <DeviceSwitch device={device} onChange={onDevice} />
        </div>
        <PreviewFrame
          path={page.fullUrl}
          pageTitle={title}
          device={device}
          reloadSignal={reloadSignal}
          selectedBlock={selection?.index}
          onChooseBlock={(index) => {
            if (!draft.stack?.present.blocks?.[index]) return;
            setSelection({ index, from: 'frame' });
            setSharedChoice(undefined);
            setTab('page');
          }}
          onChooseShared={(fieldId, index) => {
            setSelection(undefined);
            setSharedChoice({ fieldId, index });
          }}
        />
      </section>
      <section className="editor-side panel" aria-label="Inspector">
        <div className="presence-status" role="status">
          {presence && <p className="notice notice-info">{presence}</p>}
        </div>
        <div className="shared-choice" role="status">
          {sharedChoice && <SharedBlockNotice choice={sharedChoice} />}
        </div>
        <Tabs
          label="Inspector"
          selected={tab}
          onSelect={setTab}
          tabs={[
            {
              id: 'page',
              label: 'Page',
              panel: (
                <PageInspector
                  draft={draft}
                  selection={selection}
                  onSelect={(index) => setSelection((now) => (now?.index === index ? now : { index, from: 'panel' }))}
                />
              ),
            },
            {
              id: 'history',
              label: 'History',
              panel: (
                <HistoryPanel
                  pages={pages}
                  onRestored={(subject) => {
                    if (subject === pageSubject(page.id)) void refresh().then(reload);
                    else reload();
                  }}
                />
              ),
            },
          ]}
        />
      </section>
    </div>
  );
}
