import { blockKindOf } from '@emporium/server/block-kinds';
import { useEffect, useRef } from 'react';
import { ErrorText } from '../../ui/ErrorText.js';
import { blockName } from '../pages/BlockList.js';
import { BlockForm } from '../pages/blocks/BlockForm.js';
import { CodeUnavailable } from '../pages/blocks/CodeUnavailable.js';
import { GridControls } from '../pages/blocks/GridControls.js';
import { placeBeside, setWidth } from '../pages/blocks/grid-layout.js';
import { mayEditHere } from '../pages/blocks/code-editing.js';
import { Field } from '../../ui/Field.js';
import { Loading } from '../../ui/Loading.js';
import { TextArea } from '../../ui/TextArea.js';
import { isTextBlock, type PageFields, withBlockText } from './page-fields.js';
import { DocumentDestroyed, SaveStatus } from './SaveStatus.js';
import { canRedo, canUndo } from './undo-stack.js';
import { isDestroyed, type PageDraft } from './use-page-draft.js';

/** The block selected in the editor, and where it was selected: in the frame the inspector brings it into view. */
export interface BlockSelection {
  readonly index: number;
  readonly from: 'frame' | 'panel';
}

interface PageInspectorProps {
  readonly draft: PageDraft;
  readonly selection?: BlockSelection;
  /** A block's fields took the focus: it is selected (and outlined in the frame). */
  readonly onSelect: (index: number) => void;
}

/** The chosen page's drafted fields: titles, description and text blocks, with undo, redo and the save state. */
export function PageInspector({ draft, selection, onSelect }: PageInspectorProps) {
  const { stack } = draft;
  const blocksRef = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (selection?.from !== 'frame') return;
    blocksRef.current?.querySelector(`[data-block-index="${selection.index}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selection]);
  if (draft.loadError) return isDestroyed(draft.loadError) ? <DocumentDestroyed /> : <ErrorText error={draft.loadError} />;
  if (!stack) return <Loading />;
  const fields = stack.present;
  const set = (patch: Partial<PageFields>, key: string) => draft.change({ ...fields, ...patch }, key);
  const layout = fields.blocks ?? [];
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
        <fieldset className="stack inspector-blocks" ref={blocksRef}>
          <legend>Blocks</legend>
          {fields.blocks.length === 0 && <p className="hint">This page has no blocks yet. Add blocks in Pages.</p>}
          {fields.blocks.length > 0 && <p className="hint">Click a block in the preview to edit it here; the block you edit is outlined in the preview.</p>}
          <p className="visually-hidden" role="status">
            {selection?.from === 'frame' && fields.blocks[selection.index] ? `${blockName(fields.blocks[selection.index]!, selection.index)} selected.` : ''}
          </p>
          {fields.blocks.map((block, index) => (
            <div
              key={index}
              className={selection?.index === index ? 'inspector-block selected' : 'inspector-block'}
              data-block-index={index}
              aria-current={selection?.index === index ? 'true' : undefined}
              onFocus={() => onSelect(index)}
            >
              {isTextBlock(block) && !mayEditHere(block, 'html') ? (
                <CodeUnavailable label={`Text block ${index + 1}`} code={String(block.html ?? '')} />
              ) : isTextBlock(block) ? (
                <TextArea
                  label={`Text block ${index + 1}`}
                  rows={5}
                  value={String(block.html ?? '')}
                  hint="Text and simple HTML (paragraphs, headings, links, bold, lists)."
                  onChange={(e) => draft.change(withBlockText(fields, index, e.target.value), `block-${index}`)}
                />
              ) : blockKindOf(block.typeName) ? (
                <fieldset className="stack">
                  <legend>{blockName(block, index)}</legend>
                  <BlockForm
                    block={block}
                    name={blockName(block, index)}
                    onChange={(next) => draft.change({ ...fields, blocks: (fields.blocks ?? []).map((b, i) => (i === index ? next : b)) }, `block-${index}`)}
                  />
                </fieldset>
              ) : (
                <p className="hint kept-block">{blockName(block, index)}: kept as it is.</p>
              )}
              <GridControls
                blocks={layout}
                index={index}
                name={blockName(block, index)}
                onPlaceBeside={(beside) => set({ blocks: placeBeside(layout, index, beside) }, `grid-${index}`)}
                onWidth={(span) => set({ blocks: setWidth(layout, index, span) }, `grid-${index}`)}
              />
            </div>
          ))}
        </fieldset>
      )}
    </div>
  );
}
