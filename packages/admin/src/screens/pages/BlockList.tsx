import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useEffect, useRef } from 'react';
// biome-ignore lint/correctness/useImportExtensions: a stylesheet, bundled by Vite
import './blocks/blocks.css';
import { blockName, type EditedBlock } from './blocks/block-names.js';
import { moveBoundary, normalizeGrid, placeBeside, setSectionTheme, setWidth } from './blocks/grid-layout.js';
import { SortableBlockItem } from './SortableBlockItem.js';

export { blockName, type EditedBlock } from './blocks/block-names.js';

interface BlockListProps {
  readonly blocks: readonly EditedBlock[];
  readonly onChange: (blocks: EditedBlock[]) => void;
  /** Delete a block (the caller offers to undo it). */
  readonly onDelete: (index: number) => void;
  /** The key of a block to focus: one just added (its first field) or moved (its handle). */
  readonly focusKey?: string;
  /** Problems the server found, by `blocks.{index}.{field}`. */
  readonly fieldErrors?: Readonly<Record<string, string>>;
  /** A theme area with a fixed layout (lock-layout): content edits only. */
  readonly locked?: boolean;
  /** A theme area one column wide (columns="1"). */
  readonly singleColumn?: boolean;
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

function errorsOf(errors: Readonly<Record<string, string>>, index: number): Record<string, string> {
  const prefix = `blocks.${index}.`;
  return Object.fromEntries(
    Object.entries(errors).flatMap(([path, message]) => (path.startsWith(prefix) ? [[path.slice(prefix.length).split('.')[0]!, message]] : [])),
  );
}

/**
 * The blocks of a page in order, each with its form; each moves up and down (its buttons, or
 * Alt+Arrow keys on its handle, or dragged by it with dnd-kit, by pointer or keyboard) and can be deleted. Kinds the editor does not edit are kept as they are.
 */
export function BlockList({ blocks, onChange, onDelete, focusKey, fieldErrors = {}, locked = false, singleColumn = false }: BlockListProps) {
  const list = useRef<HTMLOListElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  useEffect(() => {
    if (!focusKey) return;
    const item = list.current?.querySelector<HTMLElement>(`[data-block="${focusKey}"]`);
    (item?.querySelector<HTMLElement>('input, textarea, select') ?? item?.querySelector<HTMLElement>('.block-item__handle'))?.focus();
  }, [focusKey]);

  if (blocks.length === 0) return <p className="hint">No blocks yet. Choose a kind and press Add block.</p>;

  /** The entries with the layout's blocks replaced by `layout` (same order): a change of the grid. */
  const withLayout = (list: readonly EditedBlock[], layout: readonly EditedBlock['block'][]) => list.map((entry, i) => ({ key: entry.key, block: layout[i]! }));
  const regrid = (list: readonly EditedBlock[]) => withLayout(list, normalizeGrid(list.map((b) => b.block)));
  const layout = blocks.map((b) => b.block);

  const moveTo = (index: number, to: number) => {
    if (to < 0 || to >= blocks.length) return;
    onChange(regrid(move(blocks, index, to)));
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-block="${blocks[index]!.key}"] .block-item__handle`)?.focus());
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = blocks.findIndex((b) => b.key === active.id);
    const to = blocks.findIndex((b) => b.key === over.id);
    if (from >= 0 && to >= 0) onChange(regrid(move(blocks, from, to)));
  };
  const nameOf = (id: unknown) => {
    const index = blocks.findIndex((b) => b.key === id);
    return index >= 0 ? blockName(blocks[index]!.block, index) : 'The block';
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable: 'To move a block, press Space, then the up or down arrow, then Space to drop it; or Alt and the up or down arrow to move it one place.',
        },
        announcements: {
          onDragStart: ({ active }) => `${nameOf(active.id)} picked up.`,
          onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${nameOf(over.id)}.` : `${nameOf(active.id)} is no longer over a block.`),
          onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped in place of ${nameOf(over.id)}.` : `${nameOf(active.id)} dropped.`),
          onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={blocks.map((b) => b.key)} strategy={verticalListSortingStrategy}>
        <ol className="block-list" ref={list}>
          {blocks.map((entry, index) => (
            <SortableBlockItem
              key={entry.key}
              entry={entry}
              name={blockName(entry.block, index)}
              first={index === 0}
              last={index === blocks.length - 1}
              errors={errorsOf(fieldErrors, index)}
              onChange={(block) => onChange(blocks.map((b) => (b.key === entry.key ? { key: b.key, block } : b)))}
              onMove={(by) => moveTo(index, index + by)}
              onDelete={() => onDelete(index)}
              layout={layout}
              index={index}
              onPlaceBeside={(beside) => onChange(withLayout(blocks, placeBeside(layout, index, beside)))}
              onWidth={(span) => onChange(withLayout(blocks, setWidth(layout, index, span)))}
              onResize={(by) => onChange(withLayout(blocks, moveBoundary(layout, index - 1, by)))}
              onSectionTheme={(theme) => onChange(withLayout(blocks, setSectionTheme(layout, index, theme)))}
              locked={locked}
              singleColumn={singleColumn}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
