import { Suspense } from 'react';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Loading } from '../../ui/Loading.js';
import { TextArea } from '../../ui/TextArea.js';
import type { BlockSelection } from './InspectorBlocks.js';
import { InspectorBlocks } from './inspector-blocks-loader.js';
import type { PageFields } from './page-fields.js';
import { DocumentDestroyed, SaveStatus } from './SaveStatus.js';
import { canRedo, canUndo } from './undo-stack.js';
import { isDestroyed, type PageDraft } from './use-page-draft.js';

export type { BlockSelection } from './InspectorBlocks.js';

interface PageInspectorProps {
  readonly draft: PageDraft;
  readonly selection?: BlockSelection;
  /** A block's fields took the focus: it is selected (and outlined in the frame). */
  readonly onSelect: (index: number) => void;
}

/** The chosen page's drafted fields: titles, description and text blocks, with undo, redo and the save state. */
export function PageInspector({ draft, selection, onSelect }: PageInspectorProps) {
  const { stack } = draft;
  if (draft.loadError) return isDestroyed(draft.loadError) ? <DocumentDestroyed /> : <ErrorText error={draft.loadError} />;
  if (!stack) return <Loading />;
  const fields = stack.present;
  const set = (patch: Partial<PageFields>, key: string) => draft.change({ ...fields, ...patch }, key);
  return (
    <div className="stack inspector">
      <div className="inspector-tools">
        <div className="actions" role="group" aria-label="History of your edits">
          <button type="button" className="secondary small" onClick={draft.undo} disabled={!canUndo(stack)} aria-keyshortcuts="Control+Z Meta+Z">
            Undo
          </button>
          <button
            type="button"
            className="secondary small"
            onClick={draft.redo}
            disabled={!canRedo(stack)}
            aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
          >
            Redo
          </button>
        </div>
        <SaveStatus save={draft.save} onRetry={draft.retry} onLoadTheirs={draft.loadTheirs} onKeepMine={draft.keepMine} />
      </div>
      <Field label="Title" value={fields.title} maxLength={200} required onChange={(e) => set({ title: e.target.value }, 'title')} />
      <Field
        label="Navigation title"
        value={fields.navigationTitle}
        maxLength={200}
        hint="Shown in the site's menus; empty uses the title."
        onChange={(e) => set({ navigationTitle: e.target.value }, 'navigationTitle')}
      />
      <TextArea
        label="Description"
        value={fields.description}
        maxLength={5000}
        rows={3}
        onChange={(e) => set({ description: e.target.value }, 'description')}
      />
      {fields.blocks && (
        <Suspense fallback={<Loading label="Loading the blocks…" />}>
          <InspectorBlocks fields={fields} change={draft.change} selection={selection} onSelect={onSelect} />
        </Suspense>
      )}
    </div>
  );
}
