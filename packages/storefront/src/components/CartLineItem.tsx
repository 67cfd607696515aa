import { QUANTITY_INPUT } from '@emporium/commerce';
import { useEffect, useState } from 'react';
import type { CartLineView } from '../lib/cart-page-model.js';
import { srcsetAttributes } from './image-attributes.js';

/** The cart thumbnail is 96 px wide, 72 px on phones (storefront.css). */
export const CART_IMAGE_SIZES = '(max-width: 480px) 72px, 96px';

/** Props of {@link CartLineItem}. */
interface CartLineItemProps {
  readonly line: CartLineView;
  readonly idPrefix: string;
  /** An edit of this line is in flight: its controls are disabled. */
  readonly busy: boolean;
  readonly error: { message: string; detail?: string } | null;
  readonly onQuantity: (entryId: string, value: string | number) => void;
  readonly onRemove: (entryId: string) => void;
}

/** One cart line: image, title, variant, unit price, quantity stepper, remove button, line total. */
export function CartLineItem({ line, idPrefix, busy, error, onQuantity, onRemove }: CartLineItemProps) {
  const [typed, setTyped] = useState(String(line.quantity));
  useEffect(() => setTyped(String(line.quantity)), [line.quantity]);
  const inputId = `${idPrefix}-qty-${line.id}`;
  const commitTyped = () => {
    if (typed !== String(line.quantity)) onQuantity(line.id, typed);
  };
  const title = line.url ? <a href={line.url}>{line.title}</a> : line.title;
  return (
    <li className="cart-page-line" data-entry-id={line.id} aria-busy={busy || undefined}>
      {line.imageUrl ? (
        <img className="cart-page-line__image" src={line.imageUrl} {...srcsetAttributes(line.imageSrcset, CART_IMAGE_SIZES)} alt="" width={96} height={96} />
      ) : (
        <span className="cart-page-line__image" />
      )}
      <div className="cart-page-line__info">
        <p className="cart-page-line__title">{title}</p>
        {line.variantText && <p className="cart-page-line__variant">{line.variantText}</p>}
        <p className="cart-page-line__price">{line.unitPrice}</p>
      </div>
      <div className="cart-page-line__quantity">
        <label htmlFor={inputId} className="visually-hidden">
          {`Quantity of ${line.title}`}
        </label>
        <button
          type="button"
          className="cart-page-line__step"
          aria-label={`Decrease quantity of ${line.title}`}
          disabled={busy || line.quantity <= QUANTITY_INPUT.min}
          onClick={() => onQuantity(line.id, line.quantity - 1)}
        >
          −
        </button>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={QUANTITY_INPUT.min}
          max={QUANTITY_INPUT.max}
          step={QUANTITY_INPUT.step}
          value={typed}
          disabled={busy}
          onChange={(e) => setTyped(e.target.value)}
          onBlur={commitTyped}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commitTyped();
            }
          }}
        />
        <button
          type="button"
          className="cart-page-line__step"
          aria-label={`Increase quantity of ${line.title}`}
          disabled={busy || line.quantity >= QUANTITY_INPUT.max}
          onClick={() => onQuantity(line.id, line.quantity + 1)}
        >
          +
        </button>
        <button type="button" className="cart-page-line__remove" disabled={busy} onClick={() => onRemove(line.id)}>
          Remove<span className="visually-hidden">{` ${line.title}`}</span>
        </button>
      </div>
      <p className="cart-page-line__total">{line.lineTotal}</p>
      {error && (
        <p className="cart-page-line__error" role="alert">
          <strong>{error.message}</strong>
          {error.detail && <span className="cart-page-line__error-detail">{` ${error.detail}`}</span>}
        </p>
      )}
    </li>
  );
}
