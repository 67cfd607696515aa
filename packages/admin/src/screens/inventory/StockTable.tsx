import { createColumnHelper, FlexRender, tableFeatures, useTable } from '@tanstack/react-table';
import { createContext, type FormEvent, useContext, useId, useState } from 'react';
import { api } from '../../api/http.js';
import { useMutation } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { adjustPath, INVENTORY_PATH, PRODUCTS_PATH, type StockLevel, type StockRow, stockPath, variantName } from './inventory-types.js';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, StockRow>();

/** After a stock change: the lists, product details, low stock and histories are read again. */
const CHANGED = [PRODUCTS_PATH, INVENTORY_PATH];

interface StockTableProps {
  readonly rows: readonly StockRow[];
  readonly caption: string;
  /** The variant whose history is open. */
  readonly historyOf: string | null;
  readonly onHistory: (row: StockRow) => void;
}

/** The open history and how to open another, for the History buttons of the rows. */
const HistoryContext = createContext<{ readonly historyOf: string | null; readonly onHistory: (row: StockRow) => void }>({
  historyOf: null,
  onHistory: () => {},
});

/**
 * The columns, made once: a cell renderer is a component, so a new one on each render would
 * remount every row's forms and lose what they say.
 */
const columns = column.columns([
  column.accessor('productTitle', {
    header: 'Variant',
    cell: (info) => (
      <>
        <span className="stock-product">{info.row.original.productTitle}</span>
        {info.row.original.options ? <span className="hint"> {info.row.original.options}</span> : null}
      </>
    ),
  }),
  column.accessor('sku', { header: 'SKU', cell: (info) => <code>{info.getValue()}</code> }),
  column.accessor('qtyInStock', {
    header: 'In stock',
    cell: (info) => (info.row.original.unlimited ? 'Unlimited' : info.getValue() === 0 ? <strong>0 (sold out)</strong> : info.getValue()),
  }),
  column.display({ id: 'change', header: 'Change stock', cell: (info) => <StockEditor row={info.row.original} /> }),
  column.display({ id: 'history', header: 'History', cell: (info) => <HistoryButton row={info.row.original} /> }),
]);

function HistoryButton({ row }: { readonly row: StockRow }) {
  const { historyOf, onHistory } = useContext(HistoryContext);
  return (
    <button
      type="button"
      className="secondary"
      data-history-of={row.variantId}
      aria-pressed={historyOf === row.variantId}
      aria-label={`History of ${row.sku}`}
      onClick={() => onHistory(row)}
    >
      History
    </button>
  );
}

/** Stock per variant with a set and an adjust form on each limited variant, and a button for its history. */
export function StockTable({ rows, caption, historyOf, onHistory }: StockTableProps) {
  const table = useTable({ features, columns, data: rows as StockRow[], getRowId: (row) => row.variantId });
  return (
    <HistoryContext value={{ historyOf, onHistory }}>
      <div className="table-wrap stock-table">
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className={header.column.id === 'qtyInStock' ? 'number' : undefined}>
                    <FlexRender header={header} />
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className={`stock-${cell.column.id}${cell.column.id === 'qtyInStock' ? ' number' : ''}`}>
                    <FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </HistoryContext>
  );
}

/** Whole number of a form field, or undefined when it is empty or not whole. */
function wholeNumber(value: FormDataEntryValue | null): number | undefined {
  const text = String(value ?? '').trim();
  if (!/^[-+]?\d{1,10}$/.test(text)) return undefined;
  return Number(text);
}

/** Set the count on the shelf, or add and remove units (refused below zero by the server). */
function StockEditor({ row }: { readonly row: StockRow }) {
  const id = useId();
  const [notice, setNotice] = useState('');
  const [invalid, setInvalid] = useState('');
  const set = useMutation((qtyInStock: number) => api<StockLevel>(stockPath(row.variantId), { method: 'PUT', body: { qtyInStock } }), CHANGED);
  const adjust = useMutation((change: number) => api<StockLevel>(adjustPath(row.variantId), { method: 'POST', body: { change } }), CHANGED);
  const name = variantName(row);
  if (row.unlimited) return <span className="hint">Not counted</span>;

  const submit = async (event: FormEvent<HTMLFormElement>, kind: 'set' | 'adjust') => {
    event.preventDefault();
    const form = event.currentTarget;
    const value = wholeNumber(new FormData(form).get('value'));
    setNotice('');
    set.reset();
    adjust.reset();
    if (value === undefined || (kind === 'set' && value < 0) || (kind === 'adjust' && value === 0)) {
      setInvalid(kind === 'set' ? 'Stock is a whole number of at least 0.' : 'Type a whole number of units to add (or, with a minus sign, to remove).');
      return;
    }
    setInvalid('');
    const level = kind === 'set' ? await set.run(value) : await adjust.run(value);
    if (level) {
      form.reset();
      setNotice(`${name}: ${level.qtyInStock} in stock.`);
    }
  };
  const pending = set.pending || adjust.pending;
  return (
    <div className="stock-editor">
      <form className="stock-form" onSubmit={(event) => void submit(event, 'set')} aria-label={`Set stock of ${row.sku}`}>
        <label htmlFor={`${id}-set`}>Set to</label>
        <input id={`${id}-set`} name="value" type="number" inputMode="numeric" min={0} step={1} required aria-describedby={`${id}-said`} />
        <button type="submit" className="secondary" disabled={pending} aria-label={`Set stock of ${row.sku}`}>
          Set
        </button>
      </form>
      <form className="stock-form" onSubmit={(event) => void submit(event, 'adjust')} aria-label={`Adjust stock of ${row.sku}`}>
        <label htmlFor={`${id}-adjust`}>Add or remove</label>
        <input id={`${id}-adjust`} name="value" type="number" inputMode="numeric" step={1} required aria-describedby={`${id}-said`} />
        <button type="submit" className="secondary" disabled={pending} aria-label={`Adjust stock of ${row.sku}`}>
          Adjust
        </button>
      </form>
      <div id={`${id}-said`}>
        {invalid && (
          <p role="alert" className="error">
            {invalid}
          </p>
        )}
        <ErrorText error={set.error ?? adjust.error} />
        <p role="status" className="hint">
          {notice}
        </p>
      </div>
    </div>
  );
}
