import { blockKindOf, BlockMessages } from '@emporium/server/block-kinds';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { KeyboardEvent } from 'react';
import { type EditedBlock, KEPT_NAMES } from './blocks/block-names.js';
import { BlockForm } from './blocks/BlockForm.js';
import { GridControls } from './blocks/GridControls.js';

interface SortableBlockItemProps {
  readonly entry: EditedBlock;
  readonly name: string;
  readonly first: boolean;
  readonly last: boolean;
  readonly errors: Readonly<Record<string, string>>;
  readonly onChange: (block: EditedBlock['block']) => void;
  readonly onMove: (by: -1 | 1) => void;
  readonly onDelete: () => void;
  /** The layout's blocks and this one's place in it, for its place on the grid. */
  readonly layout: readonly EditedBlock['block'][];
  readonly index: number;
  readonly onPlaceBeside: (beside: boolean) => void;
  readonly onWidth: (span: number) => void;
  /** Moves the split between this block and the one before it in its row by whole columns. */
  readonly onResize: (by: number) => void;
  readonly onSectionTheme: (colorTheme: string | undefined) => void;
  /** The theme fixes the layout (lock-layout): no moving or deleting, content edits only. */
  readonly locked?: boolean;
  /** The area is one column (columns="1"): no placing beside. */
  readonly singleColumn?: boolean;
}

/**
 * One block of the list: its name is the handle (drag it, or Space then the arrow keys, or
 * Alt+arrow to move one place), its form, and Move up, Move down and Delete.
 */
export function SortableBlockItem({
  entry,
  name,
  first,
  last,
  errors,
  onChange,
  onMove,
  onDelete,
  layout,
  index,
  onPlaceBeside,
  onWidth,
  onResize,
  onSectionTheme,
  locked = false,
  singleColumn = false,
}: SortableBlockItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: entry.key, disabled: locked });
  const known = blockKindOf(entry.block.typeName);
  const kept = KEPT_NAMES[String(entry.block.typeName)];
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (locked) return;
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      onMove(event.key === 'ArrowUp' ? -1 : 1);
      return;
    }
    listeners?.onKeyDown?.(event);
  };

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`block-item${isDragging ? ' is-dragging' : ''}${entry.block.grid && (entry.block.grid as { beside?: boolean }).beside ? ' is-beside' : ''}`}
      data-block={entry.key}
    >
      <fieldset className="block-item__fields">
        <legend>
          <span ref={setActivatorNodeRef} className="block-item__handle" {...attributes} {...listeners} onKeyDown={onKeyDown}>
            <span aria-hidden="true" className="block-item__grip">
              ⠿
            </span>{' '}
            {name}
          </span>
        </legend>
        {known ? (
          <BlockForm block={entry.block} name={name} serverErrors={errors} onChange={onChange} />
        ) : (
          <p className="hint">
            {kept
              ? entry.block.typeName === 'donation'
                ? 'Its amounts and texts are set under Settings → Donations.'
                : 'Kept as it is; edited elsewhere.'
              : `Not supported: ${BlockMessages.UNSUPPORTED}`}
          </p>
        )}
        {!locked && !singleColumn && (
          <GridControls
            blocks={layout}
            index={index}
            name={name}
            onPlaceBeside={onPlaceBeside}
            onWidth={onWidth}
            onResize={onResize}
            onSectionTheme={onSectionTheme}
          />
        )}
      </fieldset>
      {!locked && (
        <div className="actions">
          <button type="button" className="secondary" disabled={first} onClick={() => onMove(-1)}>
            Move up<span className="visually-hidden"> {name}</span>
          </button>
          <button type="button" className="secondary" disabled={last} onClick={() => onMove(1)}>
            Move down<span className="visually-hidden"> {name}</span>
          </button>
          <button type="button" className="secondary" onClick={onDelete}>
            Delete<span className="visually-hidden"> {name}</span>
          </button>
        </div>
      )}
    </li>
  );
}
