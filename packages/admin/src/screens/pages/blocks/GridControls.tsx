import { placementOf } from '@emporium/server/block-kinds';
import { useQuery } from '../../../api/use-query.js';
import { Field } from '../../../ui/Field.js';
import { Select } from '../../../ui/Select.js';
import { SITE_STYLES_PATH, type SiteStylesView } from '../../design/site-styles-calls.js';
import type { Block } from './block-fields.js';
import { ColumnResizer } from './ColumnResizer.js';
import { rowOf, widthChoices, widthLabel } from './grid-layout.js';

interface GridControlsProps {
  readonly blocks: readonly Block[];
  readonly index: number;
  /** The block's name ("Quote block 2"), for the controls' names. */
  readonly name: string;
  readonly onPlaceBeside: (beside: boolean) => void;
  readonly onWidth: (span: number) => void;
  /** Moves the split between this block and the one before it in its row by whole columns (dragged or by arrow keys); absent, no handle. */
  readonly onResize?: (by: number) => void;
  /** Sets the section colour theme of the row the block starts; absent where rows take no colours. */
  readonly onSectionTheme?: (colorTheme: string | undefined) => void;
}

/**
 * Where a block sits on the 12-column grid: beside the block before it or on a row of its own,
 * its width in its row, and beside another a handle to drag the split between the two.
 */
export function GridControls({ blocks, index, name, onPlaceBeside, onWidth, onResize, onSectionTheme }: GridControlsProps) {
  const block = blocks[index]!;
  const placement = placementOf(block);
  const shared = rowOf(blocks, index).length > 1;
  const startsRow = index === 0 || placement.beside !== true;
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
      {shared && !startsRow && onResize && <ColumnResizer blocks={blocks} index={index} onResize={onResize} />}
      {startsRow && onSectionTheme && <SectionTheme name={name} shared={shared} value={placement.colorTheme} onChange={onSectionTheme} />}
    </div>
  );
}

/**
 * The colour theme of a row as a section of its own, from the site styles' colour themes. The
 * site paints sections only while its colour themes are on (Design → Site styles), so until then
 * the choice is shown disabled with the way to turn them on.
 */
function SectionTheme({
  name,
  shared,
  value,
  onChange,
}: {
  name: string;
  shared: boolean;
  value: string | undefined;
  onChange: (colorTheme: string | undefined) => void;
}) {
  const styles = useQuery<SiteStylesView>(SITE_STYLES_PATH);
  const on = styles.data?.value.colors !== undefined;
  const hint =
    styles.status === 'loading'
      ? 'Loading the colour themes…'
      : styles.status === 'error'
        ? `The colour themes could not be loaded for ${name}; your role may not read the site styles.`
        : on
          ? `Paints ${shared ? `the row of ${name}` : name} as a section with a colour theme of the site styles.`
          : `Turn on colour themes in Design → Site styles to paint ${shared ? `the row of ${name}` : name} with one.`;
  return (
    <Select
      label="Section colours"
      value={value ?? ''}
      disabled={!on && value === undefined}
      hint={hint}
      options={[{ value: '', label: "The page's colours" }, ...(styles.data?.colorThemes ?? []).map((theme) => ({ value: theme.id, label: theme.name }))]}
      onChange={(e) => onChange(e.target.value || undefined)}
    />
  );
}
