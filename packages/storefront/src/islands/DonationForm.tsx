import { AddToCartMessages, formatMoney, minorToDecimal, money } from '@emporium/commerce';
import { type FormEvent, useId, useRef, useState } from 'react';
import { postDonation, type DonationRequest } from '../api/donation-api.js';
import { ApiError, browserHttpContext } from '../api/http.js';
import { newRequestKey } from '../api/request-key.js';
import type { StripeCheckoutConfig } from '../checkout/stripe-payment-form.js';
import { StripePaymentForm } from '../checkout/stripe-payment-form.js';
import { StripePaymentField, usePaymentFormState } from '../components/checkout/StripePaymentField.js';
import { readTypedAmount } from '../donations/donation-amount.js';
import { DonationTexts } from '../donations/donation-texts.js';
import { navigate } from '../lib/navigate.js';
import { useText } from '../lib/system-texts.js';

/** Props of {@link DonationForm}; amounts in minor units of `currency`. */
export interface DonationFormProps {
  readonly currency: string;
  readonly locale: string;
  readonly suggested: ReadonlyArray<{ readonly cents: number; readonly text: string }>;
  readonly allowCustom: boolean;
  readonly allowMonthly: boolean;
  /** Chosen when the page opens (from the donation block's link). */
  readonly amountCents?: number;
  readonly frequency?: 'once' | 'monthly';
  /** The site takes test payments: the test card field and its hint. */
  readonly testMode: boolean;
  /** The site takes payments through Stripe's Payment Element instead of the test card. */
  readonly stripe?: StripeCheckoutConfig;
}

const CUSTOM = 'custom';
const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/**
 * The donate form (page type 203): suggested amounts and an other amount, one time or monthly,
 * email and card; a submit keeps one Idempotency-Key until the donor changes something, so a
 * double click or a retry after a lost answer gives once. Goes on to the contribution confirmed
 * page (204) when paid.
 */
export function DonationForm(props: DonationFormProps) {
  const t = useText();
  const { currency, locale, suggested, allowCustom, allowMonthly, testMode, stripe } = props;
  const id = useId();
  const preset = props.amountCents ?? suggested[0]?.cents;
  const presetIsSuggested = suggested.some((s) => s.cents === preset);
  const [choice, setChoice] = useState<string>(presetIsSuggested ? String(preset) : allowCustom ? CUSTOM : '');
  const [custom, setCustom] = useState(!presetIsSuggested && preset ? minorToDecimal(preset, currency) : '');
  const [frequency, setFrequency] = useState<'once' | 'monthly'>(allowMonthly && props.frequency === 'monthly' ? 'monthly' : 'once');
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [card, setCard] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const key = useRef<string | undefined>(undefined);
  const [paymentForm] = useState(() => (stripe ? new StripePaymentForm(stripe, { amount: preset ?? 100, currency, savedForLater: allowMonthly }) : null));
  const paymentState = usePaymentFormState(paymentForm);

  const amount =
    choice === CUSTOM
      ? readTypedAmount(custom, currency)
      : choice
        ? ({ ok: true, cents: Number(choice) } as const)
        : ({ ok: false, message: DonationTexts.CHOOSE_AMOUNT } as const);
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      key.current = undefined;
      setError('');
      set(value);
    };

  async function paymentOf(): Promise<DonationRequest['payment'] | string> {
    if (!paymentForm) return { provider: 'test', cardNumber: card };
    const made = await paymentForm.createPaymentMethod({ email });
    if (made.kind === 'created') return { provider: 'stripe', paymentMethod: made.paymentMethodId };
    return made.kind === 'invalid' ? made.message || DonationTexts.PAYMENT_DETAILS_INCOMPLETE : DonationTexts.CARD_PAYMENTS_UNAVAILABLE;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!amount.ok) return setError(amount.message);
    if (!EMAIL.test(email.trim())) return setError(DonationTexts.INVALID_EMAIL);
    if (!paymentForm && !/^[\d\s-]{12,23}$/.test(card)) return setError(DonationTexts.INVALID_CARD);
    setBusy(true);
    setError('');
    try {
      paymentForm?.setAmount(amount.cents);
      const payment = await paymentOf();
      if (typeof payment === 'string') return setError(payment);
      key.current ??= newRequestKey();
      const request: DonationRequest = {
        amountCents: amount.cents,
        currency,
        frequency,
        email: email.trim(),
        ...(name.trim() ? { name: name.trim() } : {}),
        payment,
      };
      const answer = await postDonation(browserHttpContext(), request, key.current);
      navigate(answer.confirmationUrl);
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      const text = status === 0 ? AddToCartMessages.CHECK_CONNECTION : status === 429 ? AddToCartMessages.RATE_LIMITED : (err as Error).message;
      setError(status === 0 || status >= 500 || status === 409 ? `${t(text)} ${t(DonationTexts.RETRY_HINT)}` : text);
    } finally {
      setBusy(false);
    }
  }

  const submitText = busy
    ? t(DonationTexts.DONATING)
    : amount.ok
      ? t('Donate {amount}', { amount: `${formatMoney(money(amount.cents, currency), locale)}${frequency === 'monthly' ? t('/month') : ''}` })
      : t(DonationTexts.DONATE);
  const stripeUnavailable = paymentForm !== null && paymentState.status === 'unavailable';
  return (
    <form className="donation-form" onSubmit={submit} noValidate aria-describedby={`${id}-error`}>
      <fieldset className="donation-form__amounts">
        <legend>{t(DonationTexts.AMOUNT_LEGEND)}</legend>
        {suggested.map((s) => (
          <label key={s.cents} className="donation-form__amount">
            <input
              type="radio"
              name={`${id}-amount`}
              value={s.cents}
              checked={choice === String(s.cents)}
              onChange={() => changed(setChoice)(String(s.cents))}
            />
            <span>{s.text}</span>
          </label>
        ))}
        {allowCustom && (
          <label className="donation-form__amount donation-form__amount--custom">
            <input type="radio" name={`${id}-amount`} value={CUSTOM} checked={choice === CUSTOM} onChange={() => changed(setChoice)(CUSTOM)} />
            <span>{t(DonationTexts.CUSTOM_LABEL)}</span>
            <input
              className="input"
              type="text"
              inputMode="decimal"
              aria-label={`${t(DonationTexts.CUSTOM_LABEL)} (${currency})`}
              value={custom}
              onFocus={() => choice !== CUSTOM && changed(setChoice)(CUSTOM)}
              onChange={(e) => changed(setCustom)(e.target.value)}
            />
          </label>
        )}
      </fieldset>
      {allowMonthly && (
        <fieldset className="donation-form__frequency">
          <legend>{t(DonationTexts.FREQUENCY_LEGEND)}</legend>
          <label>
            <input type="radio" name={`${id}-frequency`} value="once" checked={frequency === 'once'} onChange={() => changed(setFrequency)('once')} />{' '}
            {t(DonationTexts.ONCE)}
          </label>
          <label>
            <input type="radio" name={`${id}-frequency`} value="monthly" checked={frequency === 'monthly'} onChange={() => changed(setFrequency)('monthly')} />{' '}
            {t(DonationTexts.MONTHLY)}
          </label>
        </fieldset>
      )}
      <label className="field">
        <span className="field__label">{t(DonationTexts.EMAIL_LABEL)}</span>
        <input className="input" type="email" autoComplete="email" required value={email} onChange={(e) => changed(setEmail)(e.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">{t(DonationTexts.NAME_LABEL)}</span>
        <input className="input" type="text" autoComplete="name" value={name} onChange={(e) => changed(setName)(e.target.value)} />
      </label>
      {paymentForm ? (
        <StripePaymentField form={paymentForm} statusId={`${id}-payment`} unavailableText={t(DonationTexts.CARD_PAYMENTS_UNAVAILABLE)} />
      ) : (
        <label className="field">
          <span className="field__label">{t(DonationTexts.CARD_LABEL)}</span>
          <input className="input" type="text" inputMode="numeric" autoComplete="cc-number" value={card} onChange={(e) => changed(setCard)(e.target.value)} />
        </label>
      )}
      {!stripe && testMode && <p className="donation-form__test-mode">{t(DonationTexts.TEST_MODE)}</p>}
      <p id={`${id}-error`} className="donation-form__error" role="alert">
        {error ? t(error) : ''}
      </p>
      <button className="button button--primary button--large" type="submit" disabled={busy || stripeUnavailable} aria-busy={busy}>
        {submitText}
      </button>
    </form>
  );
}
