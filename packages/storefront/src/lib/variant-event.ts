/** Name of the event a product form dispatches on `window` when the chosen variant changes. */
export const VARIANT_CHANGE_EVENT = 'emporium:variant-change';

/** Detail of the variant-change event. */
export interface VariantChangeDetail {
  readonly itemId: string;
  readonly sku: string | null;
  readonly variantId: string | null;
  /** Image to show for the variant, when it has one. */
  readonly imageUrl: string | null;
}

/** Dispatches the variant-change event. */
export function dispatchVariantChange(detail: VariantChangeDetail): void {
  window.dispatchEvent(new CustomEvent<VariantChangeDetail>(VARIANT_CHANGE_EVENT, { detail }));
}

/**
 * Swaps product images on variant change: every `img[data-product-image="{itemId}"]` in `root`
 * gets the variant's image; the original is restored when the variant has none.
 */
export function installVariantImageSwap(root: Document): () => void {
  const onChange = (event: Event) => {
    const { itemId, imageUrl } = (event as CustomEvent<VariantChangeDetail>).detail;
    for (const img of root.querySelectorAll<HTMLImageElement>(`img[data-product-image="${CSS.escape(itemId)}"]`)) {
      img.dataset.originalSrc ??= img.getAttribute('src') ?? '';
      const next = imageUrl ?? img.dataset.originalSrc;
      if (img.getAttribute('src') !== next) {
        img.removeAttribute('srcset');
        img.setAttribute('src', next);
      }
    }
  };
  const target = root.defaultView ?? window;
  target.addEventListener(VARIANT_CHANGE_EVENT, onChange);
  return () => target.removeEventListener(VARIANT_CHANGE_EVENT, onChange);
}
