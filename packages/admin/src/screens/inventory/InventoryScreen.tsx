import { useId, useState, type FormEvent } from 'react';
import { useLocation } from '../../app/router.js';
import { withQuery } from '../../api/http.js';
import { useQuery } from '../../api/use-query.js';
import { CursorPager, useCursorPages } from '../../ui/CursorPager.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { Select } from '../../ui/Select.js';
import { CsvPanel } from './CsvPanel.js';
import {
  DEFAULT_LOW_STOCK,
  LOW_STOCK_PATH,
  type LowStockVariant,
  type PageEnd,
  rowOf,
  type StockRow,
  VARIANTS_PATH,
  type VariantStock,
} from './inventory-types.js';
import { StockHistory } from './StockHistory.js';
import { StockTable } from './StockTable.js';
// biome-ignore lint/correctness/useImportExtensions: a stylesheet, bundled by Vite
import './inventory.css';

/** Variants per page of the stock table. */
const VARIANTS_PER_PAGE = 50;
const LOW_PER_PAGE = 50;

type View = 'all' | 'low';

/** Stock per variant: search and pages of products, the low-stock list, history, and CSV export and import. */
export default function InventoryScreen() {
  const { search } = useLocation();
  // A link may open the low-stock list (the Overview's "Open the low-stock list": ?view=low).
  const [view, setView] = useState<View>(search.get('view') === 'low' ? 'low' : 'all');
  const [history, setHistory] = useState<StockRow | null>(null);
  const viewName = useId();
  const toggleHistory = (row: StockRow) => setHistory((open) => (open?.variantId === row.variantId ? null : row));
  /** Closes the history and gives the focus back to the row's History button. */
  const closeHistory = (variantId: string) => {
    setHistory(null);
    document.querySelector<HTMLButtonElement>(`[data-history-of="${CSS.escape(variantId)}"]`)?.focus();
  };
  return (
    <>
      <ScreenHeading>Inventory</ScreenHeading>
      <fieldset className="segmented">
        <legend>Show</legend>
        <label>
          <input type="radio" name={viewName} value="all" checked={view === 'all'} onChange={() => setView('all')} /> All variants
        </label>
        <label>
          <input type="radio" name={viewName} value="low" checked={view === 'low'} onChange={() => setView('low')} /> Low stock
        </label>
      </fieldset>
      {view === 'all' ? (
        <AllVariants historyOf={history?.variantId ?? null} onHistory={toggleHistory} />
      ) : (
        <LowStock historyOf={history?.variantId ?? null} onHistory={toggleHistory} />
      )}
      {history && <StockHistory key={history.variantId} row={history} onClose={() => closeHistory(history.variantId)} />}
      <CsvPanel />
    </>
  );
}

interface ListProps {
  readonly historyOf: string | null;
  readonly onHistory: (row: StockRow) => void;
}

const STOCK_FILTERS = [
  { value: '', label: 'Any' },
  { value: 'in', label: 'In stock' },
  { value: 'out', label: 'Sold out' },
  { value: 'low', label: `Low (${DEFAULT_LOW_STOCK} or fewer)` },
];

/** The variant list's query for a stock filter: sold out is at most 0 units, low at most the default. */
function stockQuery(stock: string | undefined): { low?: number; inStock?: 'true' } {
  if (stock === 'in') return { inStock: 'true' };
  if (stock === 'out') return { low: 0 };
  if (stock === 'low') return { low: DEFAULT_LOW_STOCK };
  return {};
}

/** Every variant, a page at a time from the server, searched by product title or SKU. */
function AllVariants({ historyOf, onHistory }: ListProps) {
  const [filters, setFilters] = useState<{ q?: string; stock?: string }>({});
  const pages = useCursorPages();
  const page = useQuery<{ variants: VariantStock[] } & PageEnd>(
    withQuery(VARIANTS_PATH, { q: filters.q, ...stockQuery(filters.stock), limit: VARIANTS_PER_PAGE, cursor: pages.cursor }),
  );
  const rows: StockRow[] = (page.data?.variants ?? []).map(rowOf);
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    setFilters({ q: text('q'), stock: text('stock') });
    pages.reset();
  };
  return (
    <section className="stack" aria-label="All variants">
      <form onSubmit={apply} className="filters" role="search" aria-label="Variants">
        <Field label="Product title or SKU" name="q" type="search" maxLength={200} />
        <Select label="Stock" name="stock" options={STOCK_FILTERS} defaultValue="" />
        <button type="submit">Show variants</button>
      </form>
      {page.status === 'loading' && <Loading />}
      <ErrorText error={page.error} />
      {page.data && rows.length === 0 && <p>No variants match.</p>}
      {rows.length > 0 && <StockTable rows={rows} caption={`Stock per variant, page ${pages.pageNumber}`} historyOf={historyOf} onHistory={onHistory} />}
      <CursorPager
        label="Variant pages"
        pageNumber={pages.pageNumber}
        hasNext={page.data?.hasNextPage ?? false}
        onBack={pages.back}
        onForward={() => pages.forward(page.data?.nextPageCursor)}
      />
    </section>
  );
}

/** Limited variants at or below a number of units, fewest first. */
function LowStock({ historyOf, onHistory }: ListProps) {
  const [threshold, setThreshold] = useState(DEFAULT_LOW_STOCK);
  const [thresholdError, setThresholdError] = useState<string | undefined>();
  const pages = useCursorPages();
  const page = useQuery<{ variants: LowStockVariant[] } & PageEnd>(withQuery(LOW_STOCK_PATH, { threshold, limit: LOW_PER_PAGE, cursor: pages.cursor }));
  const rows: StockRow[] = (page.data?.variants ?? []).map(rowOf);
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('threshold') ?? '').trim();
    if (!/^\d{1,9}$/.test(text)) {
      setThresholdError('Type a whole number of units, 0 or more.');
      return;
    }
    setThresholdError(undefined);
    setThreshold(Number(text));
    pages.reset();
  };
  return (
    <section className="stack" aria-label="Low stock">
      <form onSubmit={apply} className="filters" aria-label="Low-stock threshold">
        <Field label="At most this many units" name="threshold" inputMode="numeric" defaultValue={String(threshold)} error={thresholdError} />
        <button type="submit">Show low stock</button>
      </form>
      {page.status === 'loading' && <Loading />}
      <ErrorText error={page.error} />
      {page.data && rows.length === 0 && <p>No variant has {threshold} or fewer units.</p>}
      {rows.length > 0 && (
        <StockTable rows={rows} caption={`Variants with ${threshold} or fewer units, fewest first`} historyOf={historyOf} onHistory={onHistory} />
      )}
      <CursorPager
        label="Low stock pages"
        pageNumber={pages.pageNumber}
        hasNext={page.data?.hasNextPage ?? false}
        onBack={pages.back}
        onForward={() => pages.forward(page.data?.nextPageCursor)}
      />
    </section>
  );
}
