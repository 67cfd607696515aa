import { type FormEvent, useId, useState } from 'react';
import { ApiError, browserHttpContext, requestJson } from '../api/http.js';
import { type StripeCheckoutConfig, StripePaymentForm } from '../checkout/stripe-payment-form.js';
import { StripePaymentField } from '../components/checkout/StripePaymentField.js';
import { navigate } from '../lib/navigate.js';

/** The join page's texts, as the server's member-area messages write them. */
export interface JoinPaymentTexts {
  readonly unavailable: string;
  readonly incomplete: string;
  readonly authenticationFailed: string;
  readonly processing: string;
  readonly connection: string;
}

/** Props of {@link JoinPayment}; the amount in minor units of `currency`. */
export interface JoinPaymentProps {
  /** The join call: POST `{paymentMethod}` with the crumb. */
  readonly action: string;
  readonly stripe: StripeCheckoutConfig;
  readonly amountCents: number;
  readonly currency: string;
  /** The card is kept for renewals (a recurring area, a free trial among them). */
  readonly savedForLater: boolean;
  /** The signed-in account's email (Stripe's billing details). */
  readonly email: string;
  /** The button's text ("Pay $5.00 and join", "Start the free trial and join"); set by the join page. */
  readonly submitText?: string;
  /** Its own messages (`texts` is the system texts every island may receive in another language). */
  readonly messages: JoinPaymentTexts;
}

/** What the join call answers. */
interface JoinPaymentAnswer {
  readonly status: 'succeeded' | 'requires_action' | 'processing';
  readonly clientSecret?: string;
  readonly redirectUrl: string;
}

/**
 * A member area's join form on a site with Stripe: Stripe's Payment Element, then the join call
 * with the PaymentMethod. When the bank asks for 3-D Secure, Stripe.js finishes it and the join
 * is sent again, which asks Stripe where the payment stands (the webhook may have settled it
 * already). Goes on to the membership-confirmed page (208) once the membership is held; a
 * decline shows Stripe's message and keeps the form.
 */
export function JoinPayment(props: JoinPaymentProps) {
  const { action, stripe, amountCents, currency, savedForLater, email, messages: texts } = props;
  const id = useId();
  const [form] = useState(() => new StripePaymentForm(stripe, { amount: Math.max(amountCents, 1), currency, savedForLater }));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  const send = (paymentMethod: string) => requestJson<JoinPaymentAnswer>(browserHttpContext(), action, { method: 'POST', body: { paymentMethod } });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage('');
    try {
      const made = await form.createPaymentMethod({ email });
      if (made.kind !== 'created') return setMessage(made.kind === 'invalid' ? made.message || texts.incomplete : texts.unavailable);
      let answer = await send(made.paymentMethodId);
      if (answer.status === 'requires_action' && answer.clientSecret) {
        await form.handleNextAction(answer.clientSecret);
        answer = await send(made.paymentMethodId);
        if (answer.status === 'requires_action') return setMessage(texts.authenticationFailed);
      }
      if (answer.status === 'processing') return setMessage(texts.processing);
      navigate(answer.redirectUrl);
    } catch (err) {
      setMessage(err instanceof ApiError && err.status !== 0 ? err.message : texts.connection);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="join-payment" onSubmit={submit} noValidate aria-describedby={`${id}-message`}>
      <StripePaymentField form={form} statusId={`${id}-status`} unavailableText={texts.unavailable} />
      <p id={`${id}-message`} className="join-notice join-notice--error" role="alert">
        {message}
      </p>
      <p>
        <button className="button" type="submit" disabled={busy} aria-describedby={`${id}-status`}>
          {props.submitText ?? ''}
        </button>
      </p>
    </form>
  );
}
