import { blockKindOf, BlockMessages } from '@emporium/server/block-kinds';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { BlockForm } from './blocks/BlockForm.js';
// biome-ignore lint/correctness/useImportExtensions: a stylesheet, bundled by Vite
import './blocks/blocks.css';

/** A block being edited: a key for React and the stored block. */
export interface EditedBlock {
  readonly key: string;
  readonly block: Readonly<Record<string, unknown>>;
}

interface BlockListProps {
  readonly blocks: readonly EditedBlock[];
  readonly onChange: (blocks: EditedBlock[]) => void;
  /** Delete a block (the caller offers to undo it). */
  readonly onDelete: (index: number) => void;
  /** The key of a block to focus: one just added (its first field) or moved (its handle). */
  readonly focusKey?: string;
  /** Problems the server found, by `blocks.{index}.{field}`. */
  readonly fieldErrors?: Readonly<Record<string, string>>;
}

/** Kinds the dashboard keeps without editing their fields. */
const KEPT_NAMES: Readonly<Record<string, string>> = { hero: 'Hero', summary: 'Summary', form: 'Form', donation: 'Donation' };

/** The name of a block as the list shows it ("Quote block 3"). */
export function blockName(block: Readonly<Record<string, unknown>>, index: number): string {
  const typeName = String(block.typeName);
  return `${blockKindOf(typeName)?.label ?? KEPT_NAMES[typeName] ?? typeName} block ${index + 1}`;
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
 * Alt+Arrow keys on its handle) and can be deleted. Kinds the editor does not edit are kept as they are.
 */
export function BlockList({ blocks, onChange, onDelete, focusKey, fieldErrors = {} }: BlockListProps) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!focusKey) return;
    const item = list.current?.querySelector<HTMLElement>(`[data-block="${focusKey}"]`);
    (item?.querySelector<HTMLElement>('input, textarea, select') ?? item?.querySelector<HTMLElement>('.block-item__handle'))?.focus();
  }, [focusKey]);

  if (blocks.length === 0) return <p className="hint">No blocks yet. Choose a kind and press Add block.</p>;

  const moveTo = (index: number, to: number) => {
    if (to < 0 || to >= blocks.length) return;
    onChange(move(blocks, index, to));
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-block="${blocks[index]!.key}"] .block-item__handle`)?.focus());
  };
  const onHandleKey = (event: KeyboardEvent, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    moveTo(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
  };

  return (
    <>
      <ol className="block-list" ref={list}>
        {blocks.map((entry, index) => {
          const name = blockName(entry.block, index);
          const known = blockKindOf(entry.block.typeName);
          const kept = KEPT_NAMES[String(entry.block.typeName)];
          return (
            <li key={entry.key} className="block-item" data-block={entry.key}>
              <fieldset className="block-item__fields">
                <legend>
                  <span className="block-item__handle" tabIndex={0} aria-describedby="block-move-help" onKeyDown={(event) => onHandleKey(event, index)}>
                    {name}
                  </span>
                </legend>
                {known ? (
                  <BlockForm
                    block={entry.block}
                    name={name}
                    serverErrors={errorsOf(fieldErrors, index)}
                    onChange={(block) => onChange(blocks.map((b) => (b.key === entry.key ? { key: b.key, block } : b)))}
                  />
                ) : (
                  <p className="hint">
                    {kept
                      ? entry.block.typeName === 'donation'
                        ? 'Its amounts and texts are set under Settings → Donations.'
                        : 'Kept as it is; edited elsewhere.'
                      : `Not supported: ${BlockMessages.UNSUPPORTED}`}
                  </p>
                )}
              </fieldset>
              <div className="actions">
                <button type="button" className="secondary" disabled={index === 0} onClick={() => moveTo(index, index - 1)}>
                  Move up<span className="visually-hidden"> {name}</span>
                </button>
                <button type="button" className="secondary" disabled={index === blocks.length - 1} onClick={() => moveTo(index, index + 1)}>
                  Move down<span className="visually-hidden"> {name}</span>
                </button>
                <button type="button" className="secondary" onClick={() => onDelete(index)}>
                  Delete<span className="visually-hidden"> {name}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <p id="block-move-help" className="visually-hidden">
        Alt and the up or down arrow move the block.
      </p>
    </>
  );
}
