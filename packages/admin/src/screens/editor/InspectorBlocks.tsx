import { blockKindOf } from '@emporium/server/block-kinds';
import { useEffect, useRef } from 'react';
import { TextArea } from '../../ui/TextArea.js';
import { blockName } from '../pages/blocks/block-names.js';
import { BlockForm } from '../pages/blocks/BlockForm.js';
// biome-ignore lint/correctness/useImportExtensions: a stylesheet, bundled by Vite
import '../pages/blocks/blocks.css';
import { CodeUnavailable } from '../pages/blocks/CodeUnavailable.js';
import { mayEditHere } from '../pages/blocks/code-editing.js';
import { GridControls } from '../pages/blocks/GridControls.js';
import { moveBoundary, placeBeside, setSectionTheme, setWidth } from '../pages/blocks/grid-layout.js';
import { isTextBlock, type PageFields, withBlockText } from './page-fields.js';

/** The block selected in the editor, and where it was selected: in the frame the inspector brings it into view. */
export interface BlockSelection {
  readonly index: number;
  readonly from: 'frame' | 'panel';
}

export interface InspectorBlocksProps {
  /** The drafted fields of the page (a page of blocks). */
  readonly fields: PageFields;
  /** Records a change as one step of the undo stack, coalescing steps of the same key. */
  readonly change: (fields: PageFields, key: string) => void;
  readonly selection?: BlockSelection;
  /** A block's fields took the focus: it is selected (and outlined in the frame). */
  readonly onSelect: (index: number) => void;
}

/**
 * The blocks of the chosen page in the inspector: a text box per text block, its kind's form
 * (checked with the kind's schema, the one the server checks with) per other edited kind, and
 * its place on the grid. A chunk of its own (see `inspector-blocks-loader.ts`): the block
 * kinds' forms and zod schemas are not part of the editor's first load.
 */
export default function InspectorBlocks({ fields, change, selection, onSelect }: InspectorBlocksProps) {
  const blocksRef = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (selection?.from !== 'frame') return;
    blocksRef.current?.querySelector(`[data-block-index="${selection.index}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selection]);
  const layout = fields.blocks ?? [];
  const set = (patch: Partial<PageFields>, key: string) => change({ ...fields, ...patch }, key);
  return (
    <fieldset className="stack inspector-blocks" ref={blocksRef}>
      <legend>Blocks</legend>
      {layout.length === 0 && <p className="hint">This page has no blocks yet. Add blocks in Pages.</p>}
      {layout.length > 0 && <p className="hint">Click a block in the preview to edit it here; the block you edit is outlined in the preview.</p>}
      <p className="visually-hidden" role="status">
        {selection?.from === 'frame' && layout[selection.index] ? `${blockName(layout[selection.index]!, selection.index)} selected.` : ''}
      </p>
      {layout.map((block, index) => (
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
              onChange={(e) => change(withBlockText(fields, index, e.target.value), `block-${index}`)}
            />
          ) : blockKindOf(block.typeName) ? (
            <fieldset className="stack">
              <legend>{blockName(block, index)}</legend>
              <BlockForm
                block={block}
                name={blockName(block, index)}
                onChange={(next) => change({ ...fields, blocks: layout.map((b, i) => (i === index ? next : b)) }, `block-${index}`)}
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
            onResize={(by) => set({ blocks: moveBoundary(layout, index - 1, by) }, `resize-${index}`)}
            onSectionTheme={(theme) => set({ blocks: setSectionTheme(layout, index, theme) }, `grid-${index}`)}
          />
        </div>
      ))}
    </fieldset>
  );
}
