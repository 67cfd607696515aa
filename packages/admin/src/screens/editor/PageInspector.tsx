import { blockKindOf } from '@emporium/server/block-kinds';
import { ErrorText } from '../../ui/ErrorText.js';
import { blockName } from '../pages/BlockList.js';
import { BlockForm } from '../pages/blocks/BlockForm.js';
import { Field } from '../../ui/Field.js';
import { Loading } from '../../ui/Loading.js';
import { TextArea } from '../../ui/TextArea.js';
import { isTextBlock, type PageFields, withBlockText } from './page-fields.js';
import { SaveStatus } from './SaveStatus.js';
import { canRedo, canUndo } from './undo-stack.js';
import type { PageDraft } from './use-page-draft.js';

interface PageInspectorProps {
  readonly draft: PageDraft;
}

/** The chosen page's drafted fields: titles, description and text blocks, with undo, redo and the save state. */
export function PageInspector({ draft }: PageInspectorProps) {
  const { stack } = draft;
  if (draft.loadError) return <ErrorText error={draft.loadError} />;
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
        <fieldset className="stack inspector-blocks">
          <legend>Blocks</legend>
          {fields.blocks.length === 0 && <p className="hint">This page has no blocks yet. Add blocks in Pages.</p>}
          {fields.blocks.map((block, index) =>
            isTextBlock(block) ? (
              <TextArea
                key={index}
                label={`Text block ${index + 1}`}
                rows={5}
                value={String(block.html ?? '')}
                hint="Text and simple HTML (paragraphs, headings, links, bold, lists)."
                onChange={(e) => draft.change(withBlockText(fields, index, e.target.value), `block-${index}`)}
              />
            ) : blockKindOf(block.typeName) ? (
              <fieldset key={index} className="stack">
                <legend>{blockName(block, index)}</legend>
                <BlockForm
                  block={block}
                  name={blockName(block, index)}
                  onChange={(next) => draft.change({ ...fields, blocks: (fields.blocks ?? []).map((b, i) => (i === index ? next : b)) }, `block-${index}`)}
                />
              </fieldset>
            ) : (
              <p key={index} className="hint kept-block">
                {blockName(block, index)}: kept as it is.
              </p>
            ),
          )}
        </fieldset>
      )}
    </div>
  );
}
