import { api, ApiError } from '../../api/http.js';
import { useMutation, useQuery } from '../../api/use-query.js';
import { Link } from '../../app/router.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { formatCents } from '../../ui/money.js';

/** A difference between an order and its payment provider, as the server reports it. */
interface PaymentDifference {
  id: string;
  orderId: string;
  orderNumber: number;
  kind: 'status' | 'amount' | 'refunds' | 'dispute' | 'missing';
  provider: string;
  paymentRef: string;
  currency: string;
  ourValue: string;
  providerValue: string;
  foundAt: string;
}

/** The latest comparison run and the open differences. */
interface Reconciliation {
  windowDays: number;
  latestRun: {
    trigger: 'schedule' | 'owner';
    finishedAt: string | null;
    ordersChecked: number;
    ordersUnchecked: number;
    differencesNew: number;
    differencesResolved: number;
    failure: string | null;
  } | null;
  differences: PaymentDifference[];
}

const PATH = '/api/owner/payments/reconciliation';

const KIND_LABELS: Readonly<Record<PaymentDifference['kind'], string>> = Object.freeze({
  status: 'Payment state',
  amount: 'Amount received',
  refunds: 'Refunded in total',
  dispute: 'Dispute',
  missing: 'Not found at the provider',
});

function valueText(difference: PaymentDifference, value: string): string {
  if ((difference.kind === 'amount' || difference.kind === 'refunds') && /^\d+$/.test(value)) return formatCents(Number(value), difference.currency);
  return value.replace(/_/g, ' ');
}

/**
 * Lists the open differences between recent orders and their payment provider (found by the
 * hourly check or "Check now"), with what our records say and what the provider says. Nothing
 * is changed here: the owner looks into each in the provider's dashboard and on the order.
 */
export function PaymentReconciliation() {
  const state = useQuery<Reconciliation>(PATH);
  const check = useMutation(() => api<Reconciliation>(`${PATH}/run`, { method: 'POST', body: {} }), [PATH]);
  if (state.error instanceof ApiError && (state.error.status === 403 || state.error.status === 404)) return null;
  const data = state.data;
  const run = data?.latestRun ?? null;

  return (
    <div className="stack" aria-labelledby="reconciliation-heading" role="region">
      <h3 id="reconciliation-heading">Payment check</h3>
      <p>
        Orders of the last {data?.windowDays ?? 30} days are compared with the payment provider every hour. Differences are listed here and mailed to billing
        owners; nothing is changed automatically.
      </p>
      <p role="status">
        {run
          ? `Last checked ${run.finishedAt ? new Date(run.finishedAt).toLocaleString() : 'now'} (${run.trigger === 'owner' ? 'on request' : 'hourly'}): ${run.ordersChecked === 1 ? '1 order' : `${run.ordersChecked} orders`} checked${run.ordersUnchecked > 0 ? `, ${run.ordersUnchecked} could not be checked` : ''}.`
          : 'Not checked yet.'}
        {run?.failure ? ` The check stopped early: ${run.failure}` : ''}
      </p>
      <ErrorText error={check.error ?? state.error} />
      {data && data.differences.length === 0 && <p>No open differences.</p>}
      {data && data.differences.length > 0 && (
        <div className="table-wrap rows-on-phone" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Open payment differences, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Difference</th>
                <th scope="col">Our records</th>
                <th scope="col">Provider</th>
                <th scope="col">Found</th>
              </tr>
            </thead>
            <tbody>
              {data.differences.map((difference) => (
                <tr key={difference.id}>
                  <td data-label="Order">
                    <Link to={`/orders/${encodeURIComponent(difference.orderId)}`}>#{difference.orderNumber}</Link>
                  </td>
                  <td data-label="Difference">{KIND_LABELS[difference.kind]}</td>
                  <td data-label="Our records">{valueText(difference, difference.ourValue)}</td>
                  <td className="wide" data-label="Provider">
                    {valueText(difference, difference.providerValue)} ({difference.provider}: <code>{difference.paymentRef}</code>)
                  </td>
                  <td data-label="Found">{new Date(difference.foundAt).toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="actions">
        <button type="button" className="secondary" disabled={check.pending} onClick={() => void check.run(undefined)}>
          {check.pending ? 'Checking…' : 'Check now'}
        </button>
      </div>
    </div>
  );
}
