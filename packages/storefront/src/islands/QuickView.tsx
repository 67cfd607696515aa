import { useCallback, useId, useState } from 'react';
import { QuickViewDialog } from '../components/QuickViewDialog.js';
import type { ProductFormProps } from './ProductForm.js';

/** Props of {@link QuickView}: the product form's props plus what the dialog shows around it. */
export interface QuickViewProps extends ProductFormProps {
  /** Product name, the dialog's title. */
  readonly title: string;
  readonly imageUrl?: string;
  readonly imageAlt?: string;
  /** Product page, linked from the dialog. */
  readonly url?: string;
  /** Button text (default 'Quick View'). */
  readonly label?: string;
}

/**
 * A 'Quick View' button opening a dialog with the product's image, price, variant selectors
 * and add-to-cart, all from props. The dialog traps focus, closes on Escape, its close button
 * or a click outside, and returns focus to the button.
 */
export function QuickView(props: QuickViewProps) {
  const { title, imageUrl, imageAlt, url, label = 'Quick View', ...form } = props;
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const close = useCallback(() => setOpen(false), []);
  return (
    <div className="quick-view">
      <button type="button" className="quick-view__button" aria-haspopup="dialog" aria-label={`${label}: ${title}`} onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && <QuickViewDialog labelId={labelId} title={title} imageUrl={imageUrl} imageAlt={imageAlt} url={url} form={form} onClose={close} />}
    </div>
  );
}
