import { useEffect, useState } from 'react';
import { browserHttpContext } from '../api/http.js';
import { OrderReceivedTexts } from '../checkout/order-received-texts.js';
import type { OrderPaymentStatus } from '../checkout/payment-api.js';
import { fetchOrderPayment } from '../checkout/payment-api.js';
import type { PaymentWatchState } from '../checkout/payment-watch.js';
import { watchPayment, watchStateOf } from '../checkout/payment-watch.js';
import { CHECKOUT_PATH, navigate } from '../lib/navigate.js';
import { useText } from '../lib/system-texts.js';

/** Props of {@link OrderReceived}. */
export interface OrderReceivedProps {
  readonly orderId: string;
  /** The order's status token, which the payment status call asks for. */
  readonly token: string;
  /** The payment's status when the page was rendered. */
  readonly paymentStatus: OrderPaymentStatus;
  /** The provider's words when the payment had already failed. */
  readonly message?: string;
  /** Path of the order confirmed page (202). */
  readonly confirmationUrl: string;
  /** Path of the order status page (211). */
  readonly statusUrl: string;
  /** Where "Back to checkout" goes (default `/checkout`). */
  readonly checkoutUrl?: string;
  readonly pollIntervalMs?: number;
  readonly pollLimitMs?: number;
}

/**
 * The payment part of the order received page (207): asks the server every 2 s, for up to two
 * minutes, how the payment ended; goes on to the confirmation page once paid, says so when it
 * failed (the cart is kept) or is still pending, in a live region.
 */
export function OrderReceived(props: OrderReceivedProps) {
  const t = useText();
  const { orderId, token, confirmationUrl, statusUrl, checkoutUrl = CHECKOUT_PATH, pollIntervalMs, pollLimitMs } = props;
  const [state, setState] = useState<PaymentWatchState>(() => watchStateOf(props.paymentStatus, props.message));
  const waiting = state.phase === 'waiting';

  useEffect(() => {
    if (!waiting) return;
    const http = browserHttpContext();
    return watchPayment({
      fetchStatus: (signal) => fetchOrderPayment(http, orderId, token, signal),
      onSettled: setState,
      ...(pollIntervalMs ? { intervalMs: pollIntervalMs } : {}),
      ...(pollLimitMs ? { limitMs: pollLimitMs } : {}),
    });
  }, [waiting, orderId, token, pollIntervalMs, pollLimitMs]);
  useEffect(() => {
    if (state.phase === 'paid') navigate(confirmationUrl);
  }, [state.phase, confirmationUrl]);

  return (
    <div className="order-received__payment" data-phase={state.phase} role="status">
      {state.phase === 'waiting' && (
        <>
          <p className="lead">{t(OrderReceivedTexts.CONFIRMING)}</p>
          <p>{t(OrderReceivedTexts.CONFIRMING_HINT)}</p>
        </>
      )}
      {state.phase === 'paid' && (
        <>
          <p className="lead">{t(OrderReceivedTexts.PAID)}</p>
          <p>
            <a href={confirmationUrl}>{t(OrderReceivedTexts.CONFIRMATION_LINK)}</a>
          </p>
        </>
      )}
      {state.phase === 'failed' && (
        <>
          <p className="lead">{t(OrderReceivedTexts.FAILED)}</p>
          {state.message && <p className="order-received__reason">{state.message}</p>}
          <p>{t(OrderReceivedTexts.CART_SAVED)}</p>
          <p>
            <a className="button button--primary" href={checkoutUrl}>
              {t(OrderReceivedTexts.CHECKOUT_LINK)}
            </a>
          </p>
        </>
      )}
      {(state.phase === 'still-pending' || state.phase === 'changed') && (
        <>
          <p className="lead">{t(state.phase === 'changed' ? OrderReceivedTexts.CHANGED : OrderReceivedTexts.STILL_PENDING)}</p>
          <p>
            <a className="button button--secondary" href={statusUrl}>
              {t(OrderReceivedTexts.STATUS_LINK)}
            </a>
          </p>
        </>
      )}
    </div>
  );
}
