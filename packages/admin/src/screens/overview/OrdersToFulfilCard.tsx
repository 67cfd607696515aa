import { useId } from 'react';
import { Link } from '../../app/router.js';
import { formatCents } from '../../ui/money.js';
import { ageText } from './age.js';
import type { Overview } from './overview-types.js';

interface OrdersToFulfilCardProps {
  readonly section: NonNullable<Overview['ordersToFulfil']>;
}

/** Paid orders waiting to be shipped: how many, the oldest first, each leading to its order. */
export function OrdersToFulfilCard({ section }: OrdersToFulfilCardProps) {
  const headingId = useId();
  const { count, oldest } = section;
  return (
    <section className="overview-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Orders to fulfil</h2>
      {count === 0 ? (
        <p className="overview-empty">Nothing to fulfil. Paid orders wait here until you mark them shipped.</p>
      ) : (
        <>
          <p className="overview-count">
            <span className="overview-number">{count.toLocaleString()}</span> paid {count === 1 ? 'order waits' : 'orders wait'} to be shipped
            {count > oldest.length ? ', the oldest first:' : ':'}
          </p>
          <ul className="overview-list">
            {oldest.map((order) => (
              <li key={order.id}>
                <span className="overview-line">
                  <span>
                    <Link to={`/orders/${encodeURIComponent(order.id)}`}>
                      <span className="visually-hidden">Order </span>#{order.orderNumber}
                    </Link>
                    {order.testMode ? <span className="overview-tag"> (test)</span> : null}
                  </span>
                  <span className="overview-amount">{formatCents(order.grandTotalCents, order.currency)}</span>
                </span>
                <span className="overview-detail">
                  <span className="overview-who">{order.customerName || order.customerEmail}</span>
                  <time dateTime={order.createdAt} title={new Date(order.createdAt).toLocaleString()}>
                    {ageText(order.ageSeconds)}
                  </time>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="overview-more">
        {count === 0 ? (
          <Link to="/orders">Show all orders</Link>
        ) : (
          <Link to="/orders?status=PAID">{count > oldest.length ? `Show all ${count.toLocaleString()} orders to fulfil` : 'Show orders to fulfil'}</Link>
        )}
      </p>
    </section>
  );
}
