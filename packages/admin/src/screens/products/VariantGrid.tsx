import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { Field } from '../../ui/Field.js';
import { centsOf, centsText } from '../store/store-money.js';
import { combinationText, rowName, type ProductOption, type RowErrors, type VariantRow } from './product-model.js';

/** Editable columns in order; arrow keys and Enter keep the column while moving between rows. */
const COLUMNS = ['select', 'sku', 'price', 'salePrice', 'onSale', 'stock', 'unlimited', 'weight'] as const;
type Column = (typeof COLUMNS)[number];
/** Height of a row without a message (px; the stylesheet gives rows this height). */
const ROW_ESTIMATE = 56;

/** A product photo a variant may show. */
export interface PhotoChoice {
  readonly id: string;
  readonly label: string;
}

interface GridProps {
  readonly rows: readonly VariantRow[];
  /** The product's photos; with none, the grid has no photo column. */
  readonly photos: readonly PhotoChoice[];
  readonly options: readonly ProductOption[];
  readonly errors: Readonly<Record<string, RowErrors>>;
  readonly onChange: (key: string, patch: Partial<VariantRow>) => void;
  readonly onRemove: (key: string) => void;
  readonly onBulk: (keys: ReadonlySet<string>, patch: Partial<VariantRow>) => void;
}

interface RowProps {
  readonly row: VariantRow;
  readonly index: number;
  readonly name: string;
  readonly combination: string;
  readonly hasOptions: boolean;
  readonly photos: readonly PhotoChoice[];
  readonly errors: RowErrors | undefined;
  readonly selected: boolean;
  readonly canRemove: boolean;
  readonly onChange: (key: string, patch: Partial<VariantRow>) => void;
  readonly onSelect: (key: string, selected: boolean) => void;
  readonly onRemove: (key: string) => void;
  readonly measure: (element: HTMLTableRowElement | null) => void;
}

function CellError({ id, message }: { readonly id: string; readonly message: string | undefined }) {
  if (!message) return null;
  return (
    <span className="field-error cell-error" id={id}>
      {message}
    </span>
  );
}

/** One variant: every cell a real input named after the variant ('Price of TEE-RED-M'). */
const GridRow = memo(function GridRow({
  row,
  index,
  name,
  combination,
  hasOptions,
  photos,
  errors,
  selected,
  canRemove,
  onChange,
  onSelect,
  onRemove,
  measure,
}: RowProps) {
  const errorId = (field: string) => `variant-${row.key}-${field}-error`;
  const cell = (field: string) => ({
    'aria-invalid': errors?.[field] ? true : undefined,
    'aria-describedby': errors?.[field] ? errorId(field) : undefined,
  });
  const at = (column: Column) => ({ 'data-row': index, 'data-col': column });
  return (
    <tr ref={measure} data-index={index} aria-rowindex={index + 2} className={selected ? 'selected' : undefined}>
      <td className="select-cell">
        <input
          type="checkbox"
          aria-label={`Select ${name}`}
          checked={selected}
          onChange={(e) => onSelect(row.key, e.currentTarget.checked)}
          {...at('select')}
        />
      </td>
      {hasOptions && (
        <th scope="row" className="combination">
          {combination}
          <CellError id={errorId('optionValues')} message={errors?.optionValues ?? errors?.row} />
        </th>
      )}
      <td>
        <input
          className="sku-input"
          aria-label={hasOptions ? `SKU of ${combination}` : `SKU of ${name}`}
          value={row.sku}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange(row.key, { sku: e.currentTarget.value })}
          {...cell('sku')}
          {...at('sku')}
        />
        <CellError id={errorId('sku')} message={errors?.sku} />
      </td>
      <td>
        <input
          className="money-input"
          aria-label={`Price of ${name}`}
          inputMode="decimal"
          value={row.price}
          onChange={(e) => onChange(row.key, { price: e.currentTarget.value })}
          onBlur={(e) => {
            const cents = centsOf(e.currentTarget.value);
            if (cents !== null && centsText(cents) !== row.price) onChange(row.key, { price: centsText(cents) });
          }}
          {...cell('priceCents')}
          {...at('price')}
        />
        <CellError id={errorId('priceCents')} message={errors?.priceCents} />
      </td>
      <td>
        <input
          className="money-input"
          aria-label={`Sale price of ${name}`}
          inputMode="decimal"
          value={row.salePrice}
          onChange={(e) => onChange(row.key, { salePrice: e.currentTarget.value })}
          onBlur={(e) => {
            const cents = centsOf(e.currentTarget.value);
            if (cents !== null && centsText(cents) !== row.salePrice) onChange(row.key, { salePrice: centsText(cents) });
          }}
          {...cell('salePriceCents')}
          {...at('salePrice')}
        />
        <CellError id={errorId('salePriceCents')} message={errors?.salePriceCents} />
      </td>
      <td className="check-cell">
        <input
          type="checkbox"
          aria-label={`${name} on sale`}
          checked={row.onSale}
          onChange={(e) => onChange(row.key, { onSale: e.currentTarget.checked })}
          {...at('onSale')}
        />
      </td>
      <td>
        <input
          className="count-input"
          aria-label={`Stock of ${name}`}
          inputMode="numeric"
          value={row.unlimited ? '' : row.stock}
          placeholder={row.unlimited ? '∞' : undefined}
          disabled={row.unlimited}
          onChange={(e) => onChange(row.key, { stock: e.currentTarget.value })}
          {...cell('qtyInStock')}
          {...at('stock')}
        />
        <CellError id={errorId('qtyInStock')} message={errors?.qtyInStock} />
      </td>
      <td className="check-cell">
        <input
          type="checkbox"
          aria-label={`Unlimited stock of ${name}`}
          checked={row.unlimited}
          onChange={(e) => onChange(row.key, { unlimited: e.currentTarget.checked })}
          {...at('unlimited')}
        />
      </td>
      <td>
        <input
          className="count-input"
          aria-label={`Weight of ${name} in grams`}
          inputMode="numeric"
          value={row.weight}
          onChange={(e) => onChange(row.key, { weight: e.currentTarget.value })}
          {...cell('weightGrams')}
          {...at('weight')}
        />
        <CellError id={errorId('weightGrams')} message={errors?.weightGrams} />
      </td>
      {photos.length > 0 && (
        <td>
          <select
            aria-label={`Photo of ${name}`}
            value={row.imageId ?? ''}
            onChange={(e) => onChange(row.key, { imageId: e.currentTarget.value || null })}
            {...cell('imageId')}
          >
            <option value="">Product photos</option>
            {photos.map((photo) => (
              <option key={photo.id} value={photo.id}>
                {photo.label}
              </option>
            ))}
            {row.imageId && !photos.some((photo) => photo.id === row.imageId) && <option value={row.imageId}>A removed photo</option>}
          </select>
          <CellError id={errorId('imageId')} message={errors?.imageId} />
        </td>
      )}
      <td>
        {canRemove && (
          <button type="button" className="secondary small" aria-label={`Remove ${name}`} onClick={() => onRemove(row.key)}>
            Remove
          </button>
        )}
      </td>
    </tr>
  );
});

/**
 * The variants of a product as a grid that stays smooth at thousands of rows: only the rows in
 * view are rendered (TanStack Virtual), every cell is a labelled input, the arrow keys and
 * Enter move up and down a column, and selected rows take a price or a stock level at once.
 */
export function VariantGrid({ rows, photos, options, errors, onChange, onRemove, onBulk }: GridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [bulkPrice, setBulkPrice] = useState('');
  const [bulkStock, setBulkStock] = useState('');
  const [bulkError, setBulkError] = useState('');
  const [bulkNotice, setBulkNotice] = useState('');
  const hasOptions = options.length > 0;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 8,
    getItemKey: (index) => rows[index]!.key,
  });
  const liveSelected = rows.filter((row) => selected.has(row.key));
  const allSelected = rows.length > 0 && liveSelected.length === rows.length;

  const onSelect = useCallback((key: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const focusCell = (rowIndex: number, column: string) => {
    virtualizer.scrollToIndex(rowIndex, { align: 'auto' });
    let tries = 0;
    const attempt = () => {
      const target = scrollRef.current?.querySelector<HTMLInputElement>(`[data-row="${rowIndex}"][data-col="${column}"]`);
      if (target && !target.disabled) {
        target.focus();
        if (target.type !== 'checkbox') target.select();
        return;
      }
      if (target?.disabled) return;
      if (++tries < 20) requestAnimationFrame(attempt);
    };
    requestAnimationFrame(attempt);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const input = event.target as HTMLElement;
    const row = input.dataset.row;
    const column = input.dataset.col;
    if (row === undefined || !column) return;
    let step = 0;
    if (event.key === 'ArrowDown' || (event.key === 'Enter' && !event.shiftKey)) step = 1;
    else if (event.key === 'ArrowUp' || (event.key === 'Enter' && event.shiftKey)) step = -1;
    if (step === 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const next = Number(row) + step;
    event.preventDefault();
    if (next < 0 || next >= rows.length) return;
    focusCell(next, column);
  };

  const applyPrice = () => {
    const cents = centsOf(bulkPrice);
    if (cents === null) {
      setBulkError('Enter a price like 12.50.');
      return;
    }
    setBulkError('');
    onBulk(new Set(liveSelected.map((row) => row.key)), { price: centsText(cents) });
    setBulkNotice(`Price ${centsText(cents)} set on ${liveSelected.length} ${liveSelected.length === 1 ? 'variant' : 'variants'}. Save to keep it.`);
  };
  const applyStock = () => {
    const text = bulkStock.trim();
    if (!/^\d{1,10}$/.test(text)) {
      setBulkError('Enter the stock as a whole number.');
      return;
    }
    setBulkError('');
    onBulk(new Set(liveSelected.map((row) => row.key)), { stock: String(Number(text)), unlimited: false });
    setBulkNotice(`Stock ${Number(text)} set on ${liveSelected.length} ${liveSelected.length === 1 ? 'variant' : 'variants'}. Save to keep it.`);
  };

  const items = virtualizer.getVirtualItems();
  const before = items.length > 0 ? items[0]!.start : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const columnCount = (hasOptions ? 10 : 9) + (photos.length > 0 ? 1 : 0);

  return (
    <div className="variant-grid stack">
      <fieldset className="bulk-edit" aria-describedby="bulk-count">
        <legend>Change selected variants</legend>
        <p id="bulk-count" className="hint">
          {liveSelected.length === 0
            ? 'Select variants with the boxes in the first column.'
            : `${liveSelected.length} of ${rows.length} ${rows.length === 1 ? 'variant' : 'variants'} selected.`}
        </p>
        <div className="bulk-row">
          <Field label="New price" name="bulkPrice" inputMode="decimal" value={bulkPrice} onChange={(e) => setBulkPrice(e.currentTarget.value)} />
          <button type="button" className="secondary" disabled={liveSelected.length === 0} onClick={applyPrice}>
            Set price
          </button>
          <Field label="New stock" name="bulkStock" inputMode="numeric" value={bulkStock} onChange={(e) => setBulkStock(e.currentTarget.value)} />
          <button type="button" className="secondary" disabled={liveSelected.length === 0} onClick={applyStock}>
            Set stock
          </button>
        </div>
        {bulkError && (
          <p className="field-error" role="alert">
            {bulkError}
          </p>
        )}
        <p role="status" className="hint">
          {bulkNotice}
        </p>
      </fieldset>
      <div className="variant-scroll table-wrap" ref={scrollRef}>
        <table aria-rowcount={rows.length + 1} aria-describedby="grid-keys">
          <caption className="visually-hidden">Variants</caption>
          <colgroup>
            <col className="col-select" />
            {hasOptions && <col className="col-combination" />}
            <col className="col-sku" />
            <col className="col-money" />
            <col className="col-money" />
            <col className="col-check" />
            <col className="col-count" />
            <col className="col-check-wide" />
            <col className="col-weight" />
            {photos.length > 0 && <col className="col-photo" />}
            <col className="col-remove" />
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col" className="select-cell">
                <input
                  type="checkbox"
                  aria-label="Select all variants"
                  checked={allSelected}
                  onChange={(e) => setSelected(e.currentTarget.checked ? new Set(rows.map((row) => row.key)) : new Set())}
                />
              </th>
              {hasOptions && (
                <th scope="col" className="combination-head">
                  {options.map((option) => option.name).join(' / ')}
                </th>
              )}
              <th scope="col">SKU</th>
              <th scope="col">Price</th>
              <th scope="col">Sale price</th>
              <th scope="col">On sale</th>
              <th scope="col">Stock</th>
              <th scope="col">Unlimited</th>
              <th scope="col">Weight (g)</th>
              {photos.length > 0 && <th scope="col">Photo</th>}
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody onKeyDown={onKeyDown}>
            {before > 0 && (
              <tr aria-hidden="true" className="spacer">
                <td colSpan={columnCount} style={{ height: before }} />
              </tr>
            )}
            {items.map((item) => {
              const row = rows[item.index]!;
              return (
                <GridRow
                  key={item.key}
                  row={row}
                  index={item.index}
                  name={rowName(row, item.index, options)}
                  combination={combinationText(row, options)}
                  hasOptions={hasOptions}
                  photos={photos}
                  errors={errors[row.key]}
                  selected={selected.has(row.key)}
                  canRemove={rows.length > 1}
                  onChange={onChange}
                  onSelect={onSelect}
                  onRemove={onRemove}
                  measure={virtualizer.measureElement}
                />
              );
            })}
            {after > 0 && (
              <tr aria-hidden="true" className="spacer">
                <td colSpan={columnCount} style={{ height: after }} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <p id="grid-keys" className="hint">
        In the grid, the up and down arrows and Enter move between variants in the same column.
      </p>
    </div>
  );
}
