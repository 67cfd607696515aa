import { placementOf } from '@emporium/server/block-kinds';
import { Field } from '../../../ui/Field.js';
import { Select } from '../../../ui/Select.js';
import type { Block } from './block-fields.js';
import { rowOf, widthChoices, widthLabel } from './grid-layout.js';

interface GridControlsProps {
  readonly blocks: readonly Block[];
  readonly index: number;
  /** The block's name ("Quote block 2"), for the controls' names. */
  readonly name: string;
  readonly onPlaceBeside: (beside: boolean) => void;
  readonly onWidth: (span: number) => void;
}

/** Where a block sits on the 12-column grid: beside the block before it or on a row of its own, and its width in its row. */
export function GridControls({ blocks, index, name, onPlaceBeside, onWidth }: GridControlsProps) {
  const block = blocks[index]!;
  const placement = placementOf(block);
  const shared = rowOf(blocks, index).length > 1;
  return (
    <div className="grid-controls">
      {index > 0 && (
        <Field
          label="Place beside previous"
          type="checkbox"
          checked={placement.beside === true}
          hint={`Puts ${name} in the row of the block before it; the row's blocks share its 12 columns.`}
          onChange={(e) => onPlaceBeside(e.target.checked)}
        />
      )}
      {shared && (
        <Select
          label={`Width of ${name}`}
          value={String(placement.span)}
          options={widthChoices(blocks, index).map((span) => ({ value: String(span), label: widthLabel(span) }))}
          onChange={(e) => onWidth(Number(e.target.value))}
        />
      )}
    </div>
  );
}
