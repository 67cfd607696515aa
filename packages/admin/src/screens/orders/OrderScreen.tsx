import { useQuery } from '../../api/use-query.js';
import { Link } from '../../app/router.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { formatCents } from '../../ui/money.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { formatAddress } from './address-format.js';
import { OrderActions } from './OrderActions.js';
import { ORDERS_PATH, statusLabel, variantOptionsText } from './order-types.js';
import { RefundList } from './RefundList.js';
import { paymentStatusLabel, type RefundedOrderDetail } from './refund-types.js';

/** One order: lines, totals, customer, addresses, payment, timeline, and what the owner can do with it. */
export default function OrderScreen({ orderId }: { readonly orderId: string }) {
  const path = `${ORDERS_PATH}/${encodeURIComponent(orderId)}`;
  const order = useQuery<RefundedOrderDetail>(path);
  if (order.status === 'loading') return <Loading />;
  const data = order.data;
  if (!data) {
    return (
      <>
        <ScreenHeading>Order not found</ScreenHeading>
        <ErrorText error={order.error} />
        <p>
          <Link to="/orders">Back to Orders</Link>
        </p>
      </>
    );
  }
  const money = (cents: number) => formatCents(cents, data.currency);
  const { totals } = data;
  return (
    <>
      <p className="breadcrumb">
        <Link to="/orders">Orders</Link>
      </p>
      <ScreenHeading>{`Order #${data.orderNumber}`}</ScreenHeading>
      <p>
        {statusLabel(data.status)}
        {data.testMode ? ' · test mode' : ''} · placed {new Date(data.createdAt).toLocaleString()}
      </p>
      <div className="columns">
        <section aria-labelledby="lines-heading" className="stack panel">
          <h2 id="lines-heading">Items</h2>
          <div className="table-wrap rows-on-phone" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col" className="number">
                    Quantity
                  </th>
                  <th scope="col" className="number">
                    Price
                  </th>
                  <th scope="col" className="number">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.lines.map((line, index) => (
                  <tr key={`${line.itemId}-${index}`}>
                    <td className="wide">
                      {line.productName}
                      {line.sku ? <span className="hint"> {line.sku}</span> : null}
                      {line.variantOptions.length > 0 ? <div className="hint">{variantOptionsText(line.variantOptions)}</div> : null}
                    </td>
                    <td className="number" data-label="Quantity">
                      {line.quantity}
                    </td>
                    <td className="number" data-label="Price">
                      {money(line.unitPriceCents)}
                    </td>
                    <td className="number" data-label="Total">
                      {money(line.lineTotalCents)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="totals">
            <dt>Subtotal</dt>
            <dd>{money(totals.subtotalCents)}</dd>
            {totals.discountCents > 0 && (
              <>
                <dt>Discount</dt>
                <dd>−{money(totals.discountCents)}</dd>
              </>
            )}
            <dt>Shipping</dt>
            <dd>{money(totals.shippingCents)}</dd>
            <dt>Tax</dt>
            <dd>{money(totals.taxCents)}</dd>
            <dt>Total</dt>
            <dd>
              <strong>{money(totals.grandTotalCents)}</strong>
            </dd>
            {totals.refundedCents > 0 && (
              <>
                <dt>Refunded</dt>
                <dd>{money(totals.refundedCents)}</dd>
              </>
            )}
            {totals.pendingRefundCents > 0 && (
              <>
                <dt>Refund pending</dt>
                <dd>{money(totals.pendingRefundCents)}</dd>
              </>
            )}
          </dl>
        </section>
        <section aria-labelledby="customer-heading" className="stack panel">
          <h2 id="customer-heading">Customer</h2>
          <p>
            {data.customer.name}
            <br />
            <a href={`mailto:${data.customer.email}`} className="breakable">
              {data.customer.email}
            </a>
          </p>
          {data.shippingAddress && (
            <>
              <h3>Ships to</h3>
              <address>
                {formatAddress(data.shippingAddress).map((line) => (
                  <span key={line} className="address-line">
                    {line}
                  </span>
                ))}
              </address>
            </>
          )}
          <h3>Payment</h3>
          <p>
            {[data.payment.provider, data.payment.brand, data.payment.cardLast4 ? `ending ${data.payment.cardLast4}` : ''].filter(Boolean).join(' · ') ||
              'None'}
            {data.payment.giftCardCents > 0 ? ` · gift card ${money(data.payment.giftCardCents)}` : ''}
            <br />
            <span className="hint">Payment {paymentStatusLabel(data.paymentStatus)}</span>
          </p>
          {data.fulfilment && (
            <>
              <h3>Shipped</h3>
              <p>
                {data.fulfilment.carrier ? `${data.fulfilment.carrier} ` : ''}
                {data.fulfilment.trackingNumber}, {new Date(data.fulfilment.fulfilledAt).toLocaleString()}
              </p>
            </>
          )}
        </section>
      </div>
      <RefundList refunds={data.refunds} currency={data.currency} />
      <OrderActions order={data} path={path} />
      <section aria-labelledby="timeline-heading" className="stack">
        <h2 id="timeline-heading">Timeline</h2>
        <ol className="timeline breakable">
          {data.timeline.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <span className="hint">{new Date(event.at).toLocaleString()}</span> {event.message}
              {event.actor ? <span className="hint"> by {event.actor}</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
