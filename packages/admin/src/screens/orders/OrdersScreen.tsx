import { useState, type FormEvent } from 'react';
import { apiHref, withQuery } from '../../api/http.js';
import { useQuery } from '../../api/use-query.js';
import { Link, useLocation } from '../../app/router.js';
import { CursorPager, useCursorPages } from '../../ui/CursorPager.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Loading } from '../../ui/Loading.js';
import { formatCents } from '../../ui/money.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { Select } from '../../ui/Select.js';
import { ORDER_STATUSES, ORDERS_PATH, statusLabel, type OrderListItem } from './order-types.js';

interface Filters {
  readonly status?: string;
  readonly from?: string;
  readonly to?: string;
  readonly q?: string;
}

const PER_PAGE = 50;

/** Orders newest first, filtered by state, days and a search, a page at a time from the server; CSV of the same filter. */
export default function OrdersScreen() {
  const { search } = useLocation();
  // A link may open the list filtered by state (the Overview's "orders to fulfil": ?status=PAID).
  const linkedStatus = ORDER_STATUSES.some((known) => known.value === search.get('status')) ? (search.get('status') ?? undefined) : undefined;
  const [filters, setFilters] = useState<Filters>({ status: linkedStatus });
  const pages = useCursorPages();
  const page = useQuery<{ orders: OrderListItem[]; hasNextPage: boolean; nextPageCursor: string | null }>(
    withQuery(ORDERS_PATH, { ...filters, limit: PER_PAGE, cursor: pages.cursor }),
  );
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    setFilters({ status: text('status'), from: text('from'), to: text('to'), q: text('q') });
    pages.reset();
  };
  return (
    <>
      <ScreenHeading>Orders</ScreenHeading>
      <form onSubmit={apply} className="filters" role="search" aria-label="Orders">
        <Field label="Order number, email or name" name="q" type="search" maxLength={200} />
        <Select label="State" name="status" options={[{ value: '', label: 'Any' }, ...ORDER_STATUSES]} defaultValue={linkedStatus ?? ''} />
        <Field label="From" name="from" type="date" />
        <Field label="To" name="to" type="date" />
        <button type="submit">Show orders</button>
      </form>
      <p>
        <a href={apiHref(withQuery(`${ORDERS_PATH}/export.csv`, filters as Record<string, string | undefined>))}>Download these orders (CSV)</a>
      </p>
      {page.status === 'loading' && <Loading />}
      <ErrorText error={page.error} />
      {page.data && page.data.orders.length === 0 && <p>No orders match.</p>}
      {page.data && page.data.orders.length > 0 && (
        <div className="table-wrap rows-on-phone" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Orders, page {pages.pageNumber}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Customer</th>
                <th scope="col">State</th>
                <th scope="col" className="number">
                  Items
                </th>
                <th scope="col" className="number">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {page.data.orders.map((order) => (
                <tr key={order.id}>
                  <td data-label="Order">
                    <Link to={`/orders/${encodeURIComponent(order.id)}`}>#{order.orderNumber}</Link>
                    {order.testMode ? ' (test)' : ''}
                  </td>
                  <td data-label="Placed">{new Date(order.createdAt).toLocaleString()}</td>
                  <td className="wide breakable" data-label="Customer">
                    {order.customerName || order.customerEmail}
                    {order.customerName ? <span className="hint"> {order.customerEmail}</span> : null}
                  </td>
                  <td data-label="State">{statusLabel(order.status)}</td>
                  <td className="number" data-label="Items">
                    {order.itemCount}
                  </td>
                  <td className="number" data-label="Total">
                    {formatCents(order.grandTotalCents, order.currency)}
                    {order.refundedCents > 0 ? <span className="hint"> ({formatCents(order.refundedCents, order.currency)} refunded)</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CursorPager
        label="Order pages"
        pageNumber={pages.pageNumber}
        hasNext={page.data?.hasNextPage ?? false}
        onBack={pages.back}
        onForward={() => pages.forward(page.data?.nextPageCursor)}
      />
    </>
  );
}
