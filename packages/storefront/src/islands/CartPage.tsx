import type { InstalmentContext } from '@emporium/commerce';
import { instalmentProvider, instalmentText, isInstalmentEligible, money } from '@emporium/commerce';
import { useEffect, useId, useState } from 'react';
import type { CartJson } from '../api/cart-json.js';
import { cartCurrency } from '../api/cart-json.js';
import { browserHttpContext } from '../api/http.js';
import { sharedCartStore } from '../cart/shared-cart.js';
import { useFullCart } from '../cart/use-full-cart.js';
import { CartLineItem } from '../components/CartLineItem.js';
import type { CartEditResult } from '../lib/cart-edit.js';
import { changeQuantity, removeLine } from '../lib/cart-edit.js';
import { cartLineViews, cartSummaryView } from '../lib/cart-page-model.js';
import { CHECKOUT_PATH } from '../lib/navigate.js';
import { useText } from '../lib/system-texts.js';

/** Props of {@link CartPage}. */
export interface CartPageProps {
  /**
   * The cart the page was rendered with (the page context's `cart`, spec 3 shape, minor units).
   * Without it the island shows "Loading your cart…" and loads the cart after hydrating.
   */
  readonly cart?: CartJson | null;
  /** Store currency, used when the cart does not name one. */
  readonly currency?: string;
  /** Shopper locale (en_US or en-US). */
  readonly locale?: string;
  /** Store minimum order subtotal in minor units; 0 or absent means none. */
  readonly minimumSubtotalCents?: number;
  /** Where "Continue shopping" goes. */
  readonly shopUrl?: string;
  /** Pay-later settings; the pay-later line shows only when the whole cart is eligible. */
  readonly instalments?: InstalmentContext;
}

type LineError = { message: string; detail?: string };
const PROVIDER_NAMES = { afterpay: 'Afterpay', clearpay: 'Clearpay' } as const;

/** The /cart page (type 200): lines with quantity edits and removal, subtotal, checkout button. */
export function CartPage(props: CartPageProps) {
  const { currency = 'USD', locale = 'en-US', minimumSubtotalCents = 0, shopUrl = '/', instalments } = props;
  const idPrefix = useId();
  const t = useText();
  const cart = useFullCart(props.cart);
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, LineError>>({});
  useEffect(() => {
    if (props.cart === undefined) void sharedCartStore().load();
  }, [props.cart]);
  const bcp47 = locale.replace('_', '-');
  const lines = cartLineViews(cart, currency, bcp47);
  const summary = cartSummaryView(cart, currency, minimumSubtotalCents, bcp47);

  const run = async (entryId: string, edit: () => Promise<CartEditResult>) => {
    if (busy) return;
    setBusy(entryId);
    const store = sharedCartStore();
    store.recalculateStart();
    const result = await edit();
    store.recalculateEnd();
    setBusy(null);
    setErrors((prev) => {
      const next = { ...prev };
      if (result.ok) delete next[entryId];
      else next[entryId] = { message: result.message, detail: result.detail };
      return next;
    });
  };
  const deps = () => ({ http: browserHttpContext(), setCart: (c: CartJson) => sharedCartStore().setCart(c) });
  const onQuantity = (entryId: string, value: string | number) => void run(entryId, () => changeQuantity(deps(), entryId, value));
  const onRemove = (entryId: string) => void run(entryId, () => removeLine(deps(), entryId));

  if (!cart && props.cart === undefined) {
    return (
      <div className="cart-page" aria-busy="true">
        <p className="cart-page__loading">Loading your cart…</p>
      </div>
    );
  }
  if (summary.empty) {
    return (
      <div className="cart-page" data-empty="true">
        <p className="cart-page__empty">{t(summary.emptyMessage)}</p>
        <p>
          <a className="button button--secondary" href={shopUrl}>
            Continue shopping
          </a>
        </p>
      </div>
    );
  }

  const provider = instalmentProvider(locale);
  const subtotalCents = cart?.subtotalCents ?? 0;
  const payLater =
    summary.payLaterEligible && provider && instalments?.afterPayAvailable && isInstalmentEligible(subtotalCents, instalments)
      ? `or ${instalmentText(money(subtotalCents, cartCurrency(cart, currency)), bcp47)} with ${PROVIDER_NAMES[provider]}`
      : null;
  const minimumId = `${idPrefix}-minimum`;
  return (
    <div className="cart-page" data-empty="false" data-pay-later-eligible={summary.payLaterEligible ? 'true' : 'false'}>
      <ul className="cart-page__lines" role="list">
        {lines.map((line) => (
          <CartLineItem
            key={line.id}
            line={line}
            idPrefix={idPrefix}
            busy={busy === line.id}
            error={errors[line.id] ?? null}
            onQuantity={onQuantity}
            onRemove={onRemove}
          />
        ))}
      </ul>
      <dl className="cart-page__totals" aria-live="polite" aria-busy={busy ? true : undefined}>
        <div>
          <dt>{t('Subtotal')}</dt>
          <dd className="cart-page__subtotal">{summary.subtotal}</dd>
        </div>
      </dl>
      {payLater && <p className="cart-page__pay-later">{payLater}</p>}
      {summary.minimumMessage && (
        <p id={minimumId} className="cart-page__minimum" role="status">
          {t(summary.minimumMessage)}
        </p>
      )}
      <p className="cart-page__actions">
        {summary.canCheckout ? (
          <a className="button button--primary button--large cart-page__checkout" href={CHECKOUT_PATH}>
            {t('Checkout')}
          </a>
        ) : (
          <button type="button" className="button button--primary button--large cart-page__checkout" disabled aria-describedby={minimumId}>
            {t('Checkout')}
          </button>
        )}
      </p>
    </div>
  );
}
