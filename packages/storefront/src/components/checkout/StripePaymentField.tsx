import { useCallback, useSyncExternalStore } from 'react';
import { CheckoutTexts } from '../../checkout/checkout-texts.js';
import type { PaymentFormState, StripePaymentForm } from '../../checkout/stripe-payment-form.js';
import { useText } from '../../lib/system-texts.js';

/** Props of {@link StripePaymentField}. */
interface StripePaymentFieldProps {
  readonly form: StripePaymentForm;
  /** Id of the live region that says why card payments are unavailable (the place-order button points to it). */
  readonly statusId: string;
  /** What the live region says when card payments are unavailable (default: the checkout's words). */
  readonly unavailableText?: string;
}

const SERVER_STATE: PaymentFormState = Object.freeze({ status: 'loading' });

/** The state of a payment form, the same on the server and at hydration (loading). */
export function usePaymentFormState(form: StripePaymentForm | null): PaymentFormState {
  const subscribe = useCallback((listener: () => void) => (form ? form.subscribe(listener) : () => {}), [form]);
  return useSyncExternalStore(
    subscribe,
    () => (form ? form.getSnapshot() : SERVER_STATE),
    () => SERVER_STATE,
  );
}

/**
 * Stripe's Payment Element: an empty box Stripe.js mounts its frame in (React renders nothing
 * inside it), a loading line, and a live region that says when card payments are unavailable,
 * with a button to try again.
 */
export function StripePaymentField({ form, statusId, unavailableText = CheckoutTexts.CARD_PAYMENTS_UNAVAILABLE }: StripePaymentFieldProps) {
  const t = useText();
  const state = usePaymentFormState(form);
  const mountIn = useCallback(
    (node: HTMLDivElement | null) => {
      if (!node) return;
      void form.mount(node);
      return () => form.unmount();
    },
    [form],
  );
  const unavailable = state.status === 'unavailable';
  return (
    <div className="checkout-stripe" data-state={state.status}>
      <div ref={mountIn} className="checkout-stripe__element" hidden={unavailable} />
      {state.status === 'loading' && <p className="checkout-stripe__loading">{t(CheckoutTexts.PAYMENT_FORM_LOADING)}</p>}
      <div id={statusId} className="checkout-stripe__status" role="status">
        {unavailable && <p className="notice checkout-stripe__unavailable">{t(unavailableText)}</p>}
      </div>
      {unavailable && (
        <p>
          <button type="button" className="button button--secondary checkout-stripe__retry" onClick={() => void form.retry()}>
            {t(CheckoutTexts.PAYMENT_FORM_RETRY)}
          </button>
        </p>
      )}
    </div>
  );
}
