import { formatCents } from '../../ui/money.js';
import { refundStateLabel, type OrderRefund } from './refund-types.js';

interface RefundListProps {
  readonly refunds: readonly OrderRefund[];
  readonly currency: string;
}

/** An order's refunds, oldest first: amount, where each stands with the provider, its refund id, and why a refused one failed. */
export function RefundList({ refunds, currency }: RefundListProps) {
  if (refunds.length === 0) return null;
  return (
    <section aria-labelledby="refunds-heading" className="stack">
      <h2 id="refunds-heading">Refunds</h2>
      <div className="table-wrap rows-on-phone" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Asked</th>
              <th scope="col" className="number">
                Amount
              </th>
              <th scope="col">State</th>
              <th scope="col">Provider refund</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {refunds.map((refund) => (
              <tr key={refund.id}>
                <td data-label="Asked">
                  {new Date(refund.createdAt).toLocaleString()}
                  {refund.actor ? <div className="hint">by {refund.actor}</div> : null}
                </td>
                <td className="number" data-label="Amount">
                  {formatCents(refund.amountCents, currency)}
                </td>
                <td data-label="State">
                  <span className={refund.state === 'failed' ? 'error' : undefined}>{refundStateLabel(refund.state)}</span>
                  {refund.failureMessage ? <div className="breakable">{refund.failureMessage}</div> : null}
                </td>
                <td data-label="Provider refund" className="breakable">
                  {refund.providerRefundId ?? (refund.provider ? '—' : 'No provider (gift card)')}
                  {refund.provider && refund.providerRefundId ? <div className="hint">{refund.provider}</div> : null}
                </td>
                <td data-label="Reason" className="breakable">
                  {refund.reason || '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
