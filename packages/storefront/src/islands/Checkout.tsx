import { type CountryOption, countryOptions } from '@emporium/commerce';
import type { FormEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { addCoupon, removeCoupon, updateShipping } from '../api/cart-edit-api.js';
import type { CartJson } from '../api/cart-json.js';
import { cartCurrency } from '../api/cart-json.js';
import type { PostalAddress } from '../api/checkout-api.js';
import { updateSubscriptionShipping } from '../api/checkout-api.js';
import { ApiError, browserHttpContext } from '../api/http.js';
import { sharedCartStore } from '../cart/shared-cart.js';
import { useFullCart, withPageLineFields } from '../cart/use-full-cart.js';
import type { CheckoutErrors, CheckoutFormState } from '../checkout/checkout-form.js';
import { checkoutRequest, emptyAddress, validateCheckoutForm } from '../checkout/checkout-form.js';
import { CheckoutTexts } from '../checkout/checkout-texts.js';
import { OrderPlacer } from '../checkout/order-placer.js';
import { orderSummaryRows } from '../checkout/order-summary.js';
import { submitPaidCheckout } from '../checkout/payment-api.js';
import type { StripeCheckoutConfig } from '../checkout/stripe-payment-form.js';
import { StripePaymentForm } from '../checkout/stripe-payment-form.js';
import { AddressFields } from '../components/checkout/AddressFields.js';
import { CouponEntry } from '../components/checkout/CouponEntry.js';
import { OrderSummary } from '../components/checkout/OrderSummary.js';
import { SavedAddresses } from '../components/checkout/SavedAddresses.js';
import { ShippingOptions } from '../components/checkout/ShippingOptions.js';
import { StripePaymentField, usePaymentFormState } from '../components/checkout/StripePaymentField.js';
import { CheckoutTextField } from '../components/checkout/TextField.js';
import { cartLineViews, cartSummaryView } from '../lib/cart-page-model.js';
import { CART_PATH, navigate } from '../lib/navigate.js';
import { useText } from '../lib/system-texts.js';

/** Props of {@link Checkout}. */
export interface CheckoutProps {
  /** The cart the page was rendered with; without it the island loads the cart after hydrating. */
  readonly cart?: CartJson | null;
  /** Store currency, used when the cart does not name one. */
  readonly currency?: string;
  readonly locale?: string;
  /** Where "Continue shopping" goes when the cart is empty. */
  readonly shopUrl?: string;
  /** Country preselected in the address (ISO 3166-1 alpha-2). */
  readonly defaultCountry?: string;
  /** The countries to choose from, named in the store's language; named in the browser when absent. */
  readonly countries?: ReadonlyArray<CountryOption>;
  /** Show the test-card hint (the store takes test payments). */
  readonly testMode?: boolean;
  /**
   * Subscription checkout: `cart` is the one-entry subscription cart named by `cartToken`. It is
   * kept apart from the shared cart (the visitor's own cart stays as it is), coupons are not
   * offered, shipping goes through the subscription shipping call and the order is placed
   * through the subscription checkout call.
   */
  readonly subscription?: { readonly cartToken: string; readonly planText: string; readonly cyclesText?: string };
  /**
   * The site takes payments through Stripe: Stripe's Payment Element replaces the test card
   * field (Stripe.js is loaded only then), with a "Test mode" badge for test keys.
   */
  readonly stripe?: StripeCheckoutConfig;
}

/** The amount due of a cart, in minor units. */
function amountDue(cart: CartJson): number {
  return cart.grandTotalCents ?? cart.subtotalCents;
}

/** Checkout (page type 201): contact, shipping, coupons, gift card, card (test card or Stripe's Payment Element), summary, place order. */
export function Checkout(props: CheckoutProps) {
  const { currency = 'USD', locale = 'en-US', shopUrl = '/', testMode = true } = props;
  const idPrefix = useId();
  const t = useText();
  const bcp47 = locale.replace('_', '-');
  const subscription = props.subscription;
  const sharedCart = useFullCart(subscription ? null : props.cart);
  const [subscriptionCart, setSubscriptionCart] = useState<CartJson | null>(props.cart ?? null);
  const cart = subscription ? subscriptionCart : sharedCart;
  const [form, setForm] = useState<CheckoutFormState>(() => ({
    email: '',
    address: emptyAddress(props.cart?.shippingLocation?.country ?? props.defaultCountry ?? 'US'),
    shippingOptionId: null,
    giftCardCode: '',
    cardNumber: '',
  }));
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [updating, setUpdating] = useState(false);
  const [placer] = useState(() => new OrderPlacer((body, key) => submitPaidCheckout(browserHttpContext(), body, key, subscription?.cartToken), navigate));
  const stripe = props.stripe;
  const [paymentForm] = useState(() =>
    stripe
      ? new StripePaymentForm(stripe, {
          amount: props.cart ? amountDue(props.cart) : 0,
          currency: cartCurrency(props.cart, currency),
          savedForLater: subscription !== undefined,
        })
      : null,
  );
  const paymentState = usePaymentFormState(paymentForm);
  const lastLocation = useRef('');
  const cartCalls = useRef<Promise<unknown>>(Promise.resolve());
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (props.cart === undefined && !subscription) void sharedCartStore().load();
  }, [props.cart, subscription]);
  useEffect(() => {
    if (alert) alertRef.current?.focus();
  }, [alert]);
  const due = cart ? amountDue(cart) : 0;
  useEffect(() => {
    paymentForm?.setAmount(due);
  }, [paymentForm, due]);

  if (!cart) {
    return (
      <div className="checkout" aria-busy="true">
        <p className="checkout__loading">{t('Loading your cart…')}</p>
      </div>
    );
  }
  const summary = cartSummaryView(cart, currency, 0, bcp47);
  if (summary.empty) {
    return (
      <div className="checkout" data-empty="true">
        <p className="checkout__empty">{t(summary.emptyMessage)}</p>
        <p>
          <a className="button button--secondary" href={shopUrl}>
            {t('Continue shopping')}
          </a>
        </p>
      </div>
    );
  }

  const money = cartCurrency(cart, currency);
  const http = browserHttpContext();
  const store = sharedCartStore();
  const busy = placing || updating;
  const paysWithStripe = paymentForm !== null && amountDue(cart) > 0;
  const paymentsUnavailable = paysWithStripe && paymentState.status === 'unavailable';
  const paymentStatusId = `${idPrefix}-payment-status`;
  const setField = <K extends keyof CheckoutFormState>(key: K, value: CheckoutFormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const runCartCall = async (call: () => Promise<CartJson>, failureText: string): Promise<string | null> => {
    setUpdating(true);
    if (!subscription) store.recalculateStart();
    try {
      const updated = await call();
      if (subscription) setSubscriptionCart(withPageLineFields(updated, props.cart));
      else store.setCart(updated);
      return null;
    } catch (err) {
      return err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : failureText;
    } finally {
      if (!subscription) store.recalculateEnd();
      setUpdating(false);
    }
  };
  /** Cart changes run one after another: a coupon applied during a shipping recalculation waits for it. */
  const updateCart = (call: () => Promise<CartJson>, failureText: string): Promise<string | null> => {
    const next = cartCalls.current.then(() => runCartCall(call, failureText));
    cartCalls.current = next;
    return next;
  };
  const shippingCall = (body: Parameters<typeof updateShipping>[1]) =>
    subscription ? () => updateSubscriptionShipping(http, subscription.cartToken, body) : () => updateShipping(http, body);

  const recalculateShipping = ({ country, region, postalCode }: PostalAddress) => {
    const code = country.trim().toUpperCase();
    const key = `${code}|${region.trim()}|${postalCode.trim()}`;
    if (!/^[A-Z]{2}$/.test(code) || key === lastLocation.current) return;
    lastLocation.current = key;
    void updateCart(
      shippingCall({ shippingLocation: { country: code, region: region.trim(), postalCode: postalCode.trim() } }),
      CheckoutTexts.SHIPPING_FAILED,
    ).then((failure) => setErrors((e) => ({ ...e, shippingOptionId: failure ?? '' })));
  };

  const onSelectShipping = (id: string) => {
    setField('shippingOptionId', id);
    void updateCart(shippingCall({ shippingOptionId: id }), CheckoutTexts.SHIPPING_FAILED).then((failure) => {
      setField('shippingOptionId', null);
      setErrors((e) => ({ ...e, shippingOptionId: failure ?? '' }));
    });
  };

  const onPlace = async (event: FormEvent) => {
    event.preventDefault();
    if (placer.busy) return;
    const found = validateCheckoutForm(form, { shipping: cart.requiresShipping === true, payment: !paysWithStripe && amountDue(cart) > 0 });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAlert(CheckoutTexts.FIX_FIELDS);
      if (paysWithStripe) void paymentForm.showErrors();
      return;
    }
    const request = checkoutRequest(form, cart);
    // A gift card may pay it all: an untouched Payment Element is then left out, and the server says if more is due.
    const giftCardOnly = form.giftCardCode.trim() !== '' && paymentState.status === 'ready' && paymentState.empty;
    const pay = paysWithStripe && !giftCardOnly ? { form: paymentForm, email: request.email } : undefined;
    setAlert(null);
    setPlacing(true);
    const outcome = await placer.place(request, pay);
    if (outcome.kind === 'placed') return;
    if (outcome.kind === 'failed') {
      const { message, retryHint, fieldErrors } = outcome.failure;
      setErrors(fieldErrors);
      // The order may have been placed: the safe-retry hint follows the message, each in the page's language.
      setAlert(retryHint ? `${t(message)} ${t(CheckoutTexts.RETRY_HINT)}` : message);
    } else if (outcome.kind === 'payment-invalid') {
      setAlert(outcome.message);
    }
    setPlacing(false);
  };

  const options = cart.shippingOptions ?? [];
  const selectedShipping = form.shippingOptionId ?? cart.selectedShippingOption?.id ?? null;
  return (
    <form className="checkout" noValidate onSubmit={onPlace} aria-busy={placing || undefined} data-placing={placing ? 'true' : undefined}>
      {alert && (
        <div ref={alertRef} className="checkout__alert" role="alert" tabIndex={-1}>
          {t(alert)}
        </div>
      )}
      {subscription && (
        <p className="checkout__plan" data-subscription="true">
          {`Subscription: ${subscription.planText}${subscription.cyclesText ? ` ${subscription.cyclesText}` : ''}`}
        </p>
      )}
      <fieldset className="checkout-contact" disabled={placing}>
        <legend className="checkout-section__title">{t('Contact')}</legend>
        <CheckoutTextField
          id={`${idPrefix}-email`}
          name="email"
          type="email"
          label={t('Email')}
          autoComplete="email"
          required
          maxLength={256}
          value={form.email}
          error={errors.email}
          onValue={(v) => setField('email', v)}
        />
      </fieldset>
      {cart.requiresShipping && (
        <>
          <SavedAddresses
            idPrefix={idPrefix}
            disabled={placing}
            onChoose={(address) => {
              setForm((f) => ({ ...f, address: { ...address } }));
              recalculateShipping(address);
            }}
          />
          <AddressFields
            idPrefix={idPrefix}
            address={form.address}
            errors={errors}
            countries={props.countries ?? countryOptions(bcp47)}
            disabled={placing}
            onChange={(field: keyof PostalAddress, value: string) => setForm((f) => ({ ...f, address: { ...f.address, [field]: value } }))}
            onLocationChange={recalculateShipping}
            onLocationBlur={() => recalculateShipping(form.address)}
          />
          <ShippingOptions
            idPrefix={idPrefix}
            options={options}
            selectedId={selectedShipping}
            currency={money}
            locale={bcp47}
            disabled={busy}
            error={errors.shippingOptionId || undefined}
            onSelect={onSelectShipping}
          />
        </>
      )}
      {!subscription && (
        <CouponEntry
          idPrefix={idPrefix}
          valid={cart.validCoupons ?? []}
          invalid={cart.invalidCoupons ?? []}
          currency={money}
          locale={bcp47}
          disabled={placing}
          onApply={(code) => updateCart(() => addCoupon(http, code), CheckoutTexts.COUPON_FAILED)}
          onRemove={(code) => void updateCart(() => removeCoupon(http, code), CheckoutTexts.COUPON_FAILED)}
        />
      )}
      <fieldset className="checkout-payment" disabled={placing}>
        <legend className="checkout-section__title">
          {t('Payment')}
          {stripe?.testMode && (
            <>
              {' '}
              <span className="tag checkout-payment__badge">{t(CheckoutTexts.STRIPE_TEST_MODE)}</span>
            </>
          )}
        </legend>
        <CheckoutTextField
          id={`${idPrefix}-gift-card`}
          name="giftCardCode"
          label={t('Gift card code')}
          autoComplete="off"
          maxLength={64}
          value={form.giftCardCode}
          error={errors.giftCardCode}
          onValue={(v) => setField('giftCardCode', v)}
        />
        {paysWithStripe && <StripePaymentField form={paymentForm} statusId={paymentStatusId} />}
        {!stripe && (
          <CheckoutTextField
            id={`${idPrefix}-card`}
            name="cardNumber"
            label={t('Card number')}
            inputMode="numeric"
            autoComplete="cc-number"
            required
            maxLength={23}
            placeholder="4242 4242 4242 4242"
            value={form.cardNumber}
            error={errors.cardNumber}
            onValue={(v) => setField('cardNumber', v)}
          />
        )}
        {!stripe && testMode && <p className="checkout-payment__test-mode">{t(CheckoutTexts.TEST_MODE)}</p>}
      </fieldset>
      <OrderSummary
        lines={cartLineViews(cart, currency, bcp47)}
        rows={orderSummaryRows(cart, currency, bcp47)}
        giftCardCode={form.giftCardCode.trim()}
        busy={updating}
      />
      <p className="checkout__actions">
        <button
          type="submit"
          className="button button--primary button--large checkout__place"
          disabled={busy || paymentsUnavailable}
          aria-disabled={busy || paymentsUnavailable || undefined}
          aria-describedby={paymentsUnavailable ? paymentStatusId : undefined}
        >
          {t(placing ? CheckoutTexts.PLACING_ORDER : CheckoutTexts.PLACE_ORDER)}
        </button>{' '}
        {subscription ? (
          <a href={shopUrl} className="checkout__back">
            {t('Back to the shop')}
          </a>
        ) : (
          <a href={CART_PATH} className="checkout__back">
            {t('Back to cart')}
          </a>
        )}
      </p>
    </form>
  );
}
