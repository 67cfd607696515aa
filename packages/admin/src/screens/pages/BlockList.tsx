import { useEffect, useRef } from 'react';
import { TextArea } from '../../ui/TextArea.js';

/** A block being edited: a key for React and the stored block. */
export interface EditedBlock {
  readonly key: string;
  readonly block: Readonly<Record<string, unknown>>;
}

interface BlockListProps {
  readonly blocks: readonly EditedBlock[];
  readonly onChange: (blocks: EditedBlock[]) => void;
  /** The key of a block just added, whose text box takes the focus. */
  readonly focusKey?: string;
}

const BLOCK_NAMES: Readonly<Record<string, string>> = {
  hero: 'Hero',
  summary: 'Summary',
  form: 'Form',
  newsletter: 'Newsletter',
  quote: 'Quote',
  image: 'Image',
  donation: 'Donation',
};

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

/** The blocks of a page in order: a text box per text block, the others named; each can move up, down or go. */
export function BlockList({ blocks, onChange, focusKey }: BlockListProps) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focusKey) list.current?.querySelector<HTMLTextAreaElement>(`[data-block="${focusKey}"] textarea`)?.focus();
  }, [focusKey]);

  if (blocks.length === 0) return <p className="hint">No blocks yet. Add a text block to write on this page.</p>;
  return (
    <ol className="block-list" ref={list}>
      {blocks.map((entry, index) => {
        const name = entry.block.typeName === 'html' ? `Text block ${index + 1}` : `${BLOCK_NAMES[String(entry.block.typeName)] ?? 'Block'} block ${index + 1}`;
        return (
          <li key={entry.key} className="block-item" data-block={entry.key}>
            {entry.block.typeName === 'html' ? (
              <TextArea
                label={name}
                rows={6}
                hint="Text and simple HTML (paragraphs, headings, links, bold, lists)."
                value={String(entry.block.html ?? '')}
                onChange={(event) => onChange(blocks.map((b) => (b.key === entry.key ? { key: b.key, block: { ...b.block, html: event.target.value } } : b)))}
              />
            ) : (
              <p>
                <strong>{name}</strong>{' '}
                <span className="hint">
                  {entry.block.typeName === 'donation' ? '(its amounts and texts are set under Settings → Donations)' : '(kept as it is; edited elsewhere)'}
                </span>
              </p>
            )}
            <div className="actions">
              <button type="button" className="secondary" disabled={index === 0} onClick={() => onChange(move(blocks, index, index - 1))}>
                Move up<span className="visually-hidden"> {name}</span>
              </button>
              <button type="button" className="secondary" disabled={index === blocks.length - 1} onClick={() => onChange(move(blocks, index, index + 1))}>
                Move down<span className="visually-hidden"> {name}</span>
              </button>
              <button type="button" className="secondary" onClick={() => onChange(blocks.filter((b) => b.key !== entry.key))}>
                Delete<span className="visually-hidden"> {name}</span>
              </button>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
