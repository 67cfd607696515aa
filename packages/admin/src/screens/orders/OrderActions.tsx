import { useRef, useState, type FormEvent } from 'react';
import { api } from '../../api/http.js';
import { invalidate, setData } from '../../api/query-cache.js';
import { useMutation } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { formatCents, parseMoney } from '../../ui/money.js';
import { TextArea } from '../../ui/TextArea.js';
import { ORDERS_PATH } from './order-types.js';
import { refundNotice, type RefundedOrderDetail } from './refund-types.js';

/** A refund's body, before it is sent. */
interface RefundBody {
  readonly amountCents?: number;
  readonly expectedRefundedCents: number;
  readonly reason: string;
}

/** What the owner is told after a refund answered `order`: refunded, or pending with the provider. */
const refundedNotice = (order: RefundedOrderDetail) => refundNotice(order.refunds.at(-1)?.state);

/**
 * Fulfil with a tracking number, cancel, refund all or part through the payment provider, and
 * add a note. A refund of everything still refundable asks to confirm, naming the amount. A
 * refund the provider refuses shows the provider's reason, and the order is read again so its
 * refused refund is listed.
 */
export function OrderActions({ order, path }: { readonly order: RefundedOrderDetail; readonly path: string }) {
  const [notice, setNotice] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [fullRefund, setFullRefund] = useState<RefundBody | null>(null);
  const refundForm = useRef<HTMLFormElement>(null);
  const act = useMutation(
    async ({ action, body }: { action: string; body: unknown }) => {
      const answer = await api<RefundedOrderDetail | { order: RefundedOrderDetail; mailQueued: boolean }>(`${path}/${action}`, { method: 'POST', body }).catch(
        (error: unknown) => {
          if (action === 'refunds') invalidate(path);
          throw error;
        },
      );
      const updated = 'order' in answer ? answer.order : answer;
      setData(path, updated);
      return answer;
    },
    [ORDERS_PATH + '?'],
  );
  const run = async (event: FormEvent<HTMLFormElement>, action: string, body: (data: FormData) => unknown, done: (answer: unknown) => string) => {
    event.preventDefault();
    const form = event.currentTarget;
    setNotice('');
    const built = body(new FormData(form));
    if (built === null) return;
    const answer = await act.run({ action, body: built });
    if (answer) {
      form.reset();
      setNotice(done(answer));
    }
  };
  const canFulfil = order.status === 'PAID';
  const canCancel = order.status === 'PENDING' || order.status === 'PAID';
  const canRefund = order.totals.refundableCents > 0;
  const refundable = formatCents(order.totals.refundableCents, order.currency);
  const confirmFullRefund = async (body: RefundBody) => {
    setNotice('');
    const answer = await act.run({ action: 'refunds', body });
    setFullRefund(null);
    if (answer) {
      refundForm.current?.reset();
      setNotice(refundedNotice(answer as RefundedOrderDetail));
    }
  };
  return (
    <section aria-labelledby="actions-heading" className="stack">
      <h2 id="actions-heading">Actions</h2>
      <ErrorText error={act.error} />
      <p role="status">{notice}</p>
      <div className="columns">
        {canFulfil && (
          <form
            className="stack panel"
            onSubmit={(event) =>
              run(
                event,
                'fulfilment',
                (data) => ({
                  trackingNumber: String(data.get('trackingNumber') ?? ''),
                  carrier: String(data.get('carrier') ?? ''),
                  notifyCustomer: data.get('notifyCustomer') === 'on',
                }),
                (answer) => ((answer as { mailQueued: boolean }).mailQueued ? 'Fulfilled. The customer is mailed the tracking number.' : 'Fulfilled.'),
              )
            }
          >
            <h3>Fulfil</h3>
            <Field label="Tracking number" name="trackingNumber" required maxLength={100} />
            <Field label="Carrier" name="carrier" maxLength={100} />
            <Field label="Mail the customer" name="notifyCustomer" type="checkbox" defaultChecked />
            <button type="submit" disabled={act.pending}>
              Mark as fulfilled
            </button>
          </form>
        )}
        {canRefund && (
          <form
            ref={refundForm}
            className="stack panel"
            onSubmit={(event) =>
              run(
                event,
                'refunds',
                (data) => {
                  const text = String(data.get('amount') ?? '').trim();
                  const amountCents = text ? parseMoney(text, order.currency) : undefined;
                  if (amountCents === null) {
                    setAmountError('Enter an amount like 12.50, or leave it empty to refund everything.');
                    return null;
                  }
                  setAmountError(undefined);
                  const refund: RefundBody = {
                    ...(amountCents === undefined ? {} : { amountCents }),
                    expectedRefundedCents: order.totals.refundedCents + order.totals.pendingRefundCents,
                    reason: String(data.get('reason') ?? ''),
                  };
                  if (amountCents === undefined || amountCents === order.totals.refundableCents) {
                    setFullRefund(refund);
                    return null;
                  }
                  return refund;
                },
                (answer) => refundedNotice(answer as RefundedOrderDetail),
              )
            }
          >
            <h3>Refund</h3>
            <Field
              label={`Amount (${order.currency})`}
              name="amount"
              inputMode="decimal"
              hint={`Leave empty to refund everything not yet refunded (${refundable}).`}
              error={amountError}
            />
            <Field label="Reason" name="reason" maxLength={500} />
            {fullRefund ? (
              <div role="alertdialog" aria-labelledby="full-refund-question" className="stack">
                <p id="full-refund-question">
                  <strong>Refund the whole order: {refundable}?</strong> This cannot be undone.
                </p>
                <div className="actions">
                  <button type="button" onClick={() => void confirmFullRefund(fullRefund)} disabled={act.pending}>
                    {`Refund ${refundable}`}
                  </button>
                  <button type="button" className="secondary" onClick={() => setFullRefund(null)}>
                    Keep the money
                  </button>
                </div>
              </div>
            ) : (
              <button type="submit" disabled={act.pending}>
                Refund
              </button>
            )}
          </form>
        )}
        {canCancel && (
          <form
            className="stack panel"
            onSubmit={(event) =>
              run(
                event,
                'cancel',
                (data) => ({ reason: String(data.get('reason') ?? '') }),
                () => 'Cancelled. The stock is back.',
              )
            }
          >
            <h3>Cancel</h3>
            <Field label="Reason for cancelling" name="reason" maxLength={500} />
            <button type="submit" className="secondary" disabled={act.pending}>
              Cancel order
            </button>
          </form>
        )}
        <form
          className="stack panel"
          onSubmit={(event) =>
            run(
              event,
              'notes',
              (data) => ({ text: String(data.get('text') ?? '') }),
              () => 'Note added.',
            )
          }
        >
          <h3>Note</h3>
          <TextArea label="Note for the team" name="text" required maxLength={2000} />
          <button type="submit" disabled={act.pending}>
            Add note
          </button>
        </form>
      </div>
    </section>
  );
}
