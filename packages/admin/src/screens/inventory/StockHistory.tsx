import { useEffect, useRef } from 'react';
import { withQuery } from '../../api/http.js';
import { useQuery } from '../../api/use-query.js';
import { CursorPager, useCursorPages } from '../../ui/CursorPager.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { historyPath, type PageEnd, REASON_LABELS, type StockMovement, type StockRow, variantName } from './inventory-types.js';

const PER_PAGE = 20;

/** A variant's stock changes, newest first: reason, change, level after, when and who. */
export function StockHistory({ row, onClose }: { readonly row: StockRow; readonly onClose: () => void }) {
  const pages = useCursorPages();
  const page = useQuery<{ movements: StockMovement[] } & PageEnd>(withQuery(historyPath(row.variantId), { limit: PER_PAGE, cursor: pages.cursor }));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="panel stack" aria-labelledby="stock-history-heading">
      <div className="section-head">
        <h2 id="stock-history-heading" ref={heading} tabIndex={-1}>
          Stock history of {variantName(row)}
        </h2>
        <button type="button" className="secondary" onClick={onClose}>
          Close history
        </button>
      </div>
      <p className="hint">
        SKU <code>{row.sku}</code>
      </p>
      {page.status === 'loading' && <Loading />}
      <ErrorText error={page.error} />
      {page.data && page.data.movements.length === 0 && <p>No stock changes yet.</p>}
      {page.data && page.data.movements.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">
              Stock history of {row.sku}, page {pages.pageNumber}, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Reason</th>
                <th scope="col" className="number">
                  Change
                </th>
                <th scope="col" className="number">
                  Level after
                </th>
                <th scope="col">Who</th>
              </tr>
            </thead>
            <tbody>
              {page.data.movements.map((movement) => (
                <tr key={movement.id}>
                  <td>{new Date(movement.createdAt).toLocaleString()}</td>
                  <td>
                    {REASON_LABELS[movement.reason] ?? movement.reason}
                    {movement.note ? <span className="hint"> {movement.note}</span> : null}
                  </td>
                  <td className="number">{movement.change > 0 ? `+${movement.change}` : movement.change}</td>
                  <td className="number">{movement.qtyAfter}</td>
                  <td>{movement.actorEmail ?? (movement.orderId ? 'Checkout' : 'The store')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CursorPager
        label="History pages"
        pageNumber={pages.pageNumber}
        hasNext={page.data?.hasNextPage ?? false}
        onBack={pages.back}
        onForward={() => pages.forward(page.data?.nextPageCursor)}
      />
    </section>
  );
}
