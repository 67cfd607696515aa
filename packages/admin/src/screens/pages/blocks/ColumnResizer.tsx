import { GRID_COLUMNS } from '@emporium/server/block-kinds';
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';
import type { Block } from './block-fields.js';
import { blockName } from './block-names.js';
import { MIN_SPAN, moveSplit, rowOf, rowSpans } from './grid-layout.js';

interface ColumnResizerProps {
  readonly blocks: readonly Block[];
  /** The block after the split: one placed beside the block before it. */
  readonly index: number;
  /** Moves the split between block `index - 1` and block `index` by whole columns (positive: to the right). */
  readonly onResize: (by: number) => void;
}

/** A drag under way: which pointer, where it went down, and how many columns it has moved the split so far. */
interface Drag {
  readonly pointerId: number;
  readonly startX: number;
  readonly by: number;
}

/**
 * The row of block `index` as a bar of 12 columns, its blocks side by side, with a handle on the
 * split between block `index - 1` and block `index`: dragged left or right (mouse, pen or touch)
 * it moves the split by whole columns, shown while it moves; Escape (or a lost pointer) puts it
 * back; let go, the change is made as one. From the keyboard the handle is a separator: the left and right arrows
 * move it one column, Home and End as far as it goes.
 */
export function ColumnResizer({ blocks, index, onResize }: ColumnResizerProps) {
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | undefined>(undefined);
  const [moving, setMoving] = useState<Drag>();
  const hintId = useId();
  const row = rowOf(blocks, index);
  const at = row.indexOf(index) - 1;
  const stored = rowSpans(blocks, index);
  if (at < 0) return null;
  const spans = moving ? moveSplit(stored, at, moving.by) : stored;
  const left = spans[at]!;
  const right = spans[at + 1]!;
  const before = spans.slice(0, at + 1).reduce((a, b) => a + b, 0);
  const leftName = blockName(blocks[index - 1]!, index - 1);
  const rightName = blockName(blocks[index]!, index);

  const end = (element: HTMLElement, keep: boolean) => {
    const current = drag.current;
    if (!current) return;
    drag.current = undefined;
    setMoving(undefined);
    if (element.hasPointerCapture(current.pointerId)) element.releasePointerCapture(current.pointerId);
    const moved = moveSplit(stored, at, current.by)[at]! - stored[at]!;
    if (keep && moved !== 0) onResize(moved);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || drag.current) return;
    // The handle is not the block's own handle: a block is not picked up to be moved from here.
    event.stopPropagation();
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, by: 0 };
    setMoving(drag.current);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    const width = track.current?.clientWidth ?? 0;
    if (!current || current.pointerId !== event.pointerId || width === 0) return;
    const by = Math.round((event.clientX - current.startX) / (width / GRID_COLUMNS));
    if (by === current.by) return;
    drag.current = { ...current, by };
    setMoving(drag.current);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (drag.current) {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        end(event.currentTarget, false);
      }
      return;
    }
    const by = { ArrowLeft: -1, ArrowRight: 1, Home: MIN_SPAN - left, End: right - MIN_SPAN }[event.key];
    if (by === undefined) return;
    event.preventDefault();
    if (moveSplit(stored, at, by)[at] !== left) onResize(by);
  };

  return (
    <div className={`column-resizer${moving ? ' is-resizing' : ''}`}>
      <div className="column-resizer__head">
        <span className="column-resizer__title">Resize columns</span>
        <span className="column-resizer__value">
          {left} / {right} columns
        </span>
      </div>
      <div className="column-resizer__track" ref={track}>
        {row.map((block, k) => (
          <span
            key={block}
            className={`column-resizer__cell${k === at || k === at + 1 ? ' is-side' : ''}`}
            style={{ gridColumn: `span ${spans[k]}` }}
            title={`${blockName(blocks[block]!, block)}: ${spans[k]} columns`}
            aria-hidden="true"
          >
            <span className="column-resizer__cell-label">{spans[k]}</span>
          </span>
        ))}
        <div
          role="separator"
          tabIndex={0}
          aria-orientation="vertical"
          aria-label={`Resize columns of ${leftName} and ${rightName}`}
          aria-describedby={hintId}
          aria-valuenow={left}
          aria-valuemin={MIN_SPAN}
          aria-valuemax={left + right - MIN_SPAN}
          aria-valuetext={`${leftName} ${left} columns, ${rightName} ${right} columns`}
          className="column-resizer__handle"
          style={{ left: `${(before / GRID_COLUMNS) * 100}%` }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={(event) => end(event.currentTarget, true)}
          onPointerCancel={(event) => end(event.currentTarget, false)}
          onLostPointerCapture={(event) => end(event.currentTarget, false)}
          onKeyDown={onKeyDown}
        >
          <span className="column-resizer__grip" aria-hidden="true" />
        </div>
      </div>
      <p className="hint column-resizer__hint" id={hintId}>
        Drag the bar, or use the arrow keys, to share the row's 12 columns; Escape while dragging puts it back.
      </p>
    </div>
  );
}
