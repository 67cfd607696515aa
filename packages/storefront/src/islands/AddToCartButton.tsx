import { AddToCartMessages, addToCartAlertTitle } from '@emporium/commerce';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { browserHttpContext } from '../api/http.js';
import { sharedCartStore } from '../cart/shared-cart.js';
import type { PreparedAdd } from '../lib/add-to-cart-action.js';
import { performAdd } from '../lib/add-to-cart-action.js';
import { FeedbackController } from '../lib/feedback-controller.js';
import { navigate } from '../lib/navigate.js';
import { useText } from '../lib/system-texts.js';

export type { PreparedAdd } from '../lib/add-to-cart-action.js';

/** Props of {@link AddToCartButton}. */
export interface AddToCartButtonProps {
  readonly itemId: string;
  /** SKU of a single-variant product; ignored when `prepare` is given. */
  readonly sku?: string | null;
  readonly label?: string;
  /** A successful add goes straight to checkout. */
  readonly expressCheckout?: boolean;
  readonly giftCard?: boolean;
  /** Subscribe instead of adding to the cart. */
  readonly subscription?: boolean;
  /** Supplies the variant, quantity and additional fields at click time (product forms). */
  readonly prepare?: () => PreparedAdd;
  /** Set when the variant to add is sold out: the button shows this text and is disabled. */
  readonly soldOutText?: string;
}

/**
 * Add-to-cart button with idle / 'Adding…' / 'Added!' feedback and an alert on failure; disabled,
 * with the sold-out text, while the variant is sold out.
 */
export function AddToCartButton(props: AddToCartButtonProps) {
  const t = useText();
  const { itemId, label = t('Add To Cart'), expressCheckout = false, giftCard = false, subscription = false } = props;
  const [controller] = useState(() => new FeedbackController());
  const state = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
  const [alert, setAlert] = useState<{ title: string; message: string } | null>(null);
  useEffect(() => () => controller.dispose(), [controller]);

  const attempt = () =>
    performAdd(
      {
        http: browserHttpContext(),
        setCart: (cart) => sharedCartStore().setCart(cart),
        navigate,
        cookiesEnabled: typeof navigator === 'undefined' ? true : navigator.cookieEnabled,
      },
      { itemId, expressCheckout, subscription },
      props.prepare ? props.prepare() : { ok: true, sku: props.sku ?? null, quantity: 1 },
    );

  const onClick = async () => {
    if (!controller.accepts()) return;
    setAlert(null);
    try {
      await controller.run(attempt);
    } finally {
      const after = controller.getSnapshot();
      if (after.phase === 'error' && after.message) {
        setAlert({ title: t(addToCartAlertTitle({ expressCheckout, giftCard })), message: t(after.message) });
      }
    }
  };

  const soldOut = props.soldOutText !== undefined;
  const text = soldOut
    ? t(props.soldOutText ?? '')
    : state.phase === 'adding'
      ? t(AddToCartMessages.ADDING)
      : state.phase === 'added'
        ? t(AddToCartMessages.ADDED)
        : state.phase === 'error'
          ? state.message
            ? t(state.message)
            : label
          : label;
  return (
    <div className="add-to-cart">
      <button
        type="button"
        className="add-to-cart__button"
        data-state={state.phase}
        disabled={soldOut || undefined}
        aria-disabled={state.phase === 'adding' || state.phase === 'added' ? true : undefined}
        onClick={onClick}
      >
        {text}
      </button>
      <p className="visually-hidden" aria-live="polite">
        {state.phase === 'adding' ? t(AddToCartMessages.ADDING) : state.phase === 'added' ? t(AddToCartMessages.ADDED) : ''}
      </p>
      {alert && (
        <div className="add-to-cart__alert" role="alert">
          <strong className="add-to-cart__alert-title">{alert.title}</strong>
          <p className="add-to-cart__alert-message">{alert.message}</p>
          <button type="button" className="add-to-cart__alert-close" onClick={() => setAlert(null)}>
            {t('OK')}
          </button>
        </div>
      )}
    </div>
  );
}
