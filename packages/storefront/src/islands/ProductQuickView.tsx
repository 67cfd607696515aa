import { Suspense, lazy, useCallback, useState } from 'react';

const QuickViewLoader = lazy(() => import('../components/QuickViewLoader.js').then((m) => ({ default: m.QuickViewLoader })));

/** Props of {@link ProductQuickView}. */
export interface ProductQuickViewProps {
  /** Product page URL (its `?format=json` context supplies the form). */
  readonly url: string;
  /** Product name: the button's accessible name and the dialog title while loading. */
  readonly title: string;
  /** Button text (default 'Quick View'). */
  readonly label?: string;
}

/**
 * The product-list quick view: a light 'Quick View' button; the dialog code and the product are
 * loaded only when it is pressed, then it shows the same dialog as {@link QuickView}.
 */
export function ProductQuickView({ url, title, label = 'Quick View' }: ProductQuickViewProps) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <div className="quick-view">
      <button type="button" className="quick-view__button" aria-haspopup="dialog" aria-label={`${label}: ${title}`} onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <QuickViewLoader url={url} title={title} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
