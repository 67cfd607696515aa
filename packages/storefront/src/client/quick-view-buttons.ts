/** Selector of the quick view buttons the template engine prints (`{@|product-quick-view}`). */
export const QUICK_VIEW_BUTTON = '.sqs-product-quick-view-button';

/**
 * Where a template quick view button points: its `data-url`, else the first link of the product
 * card it sits in; and the card's title. Null when no product URL is found.
 */
export function quickViewTarget(button: Element): { url: string; title: string } | null {
  const card = button.closest('[data-item-id], .product-card, li, article');
  const url = button.getAttribute('data-url') ?? card?.querySelector('a[href]')?.getAttribute('href') ?? null;
  if (!url) return null;
  const title = card?.querySelector('.product-card__title, h2, h3')?.textContent?.trim() ?? '';
  return { url, title };
}

/**
 * Makes the template's quick view buttons work: a click, Enter or Space loads the dialog code on
 * demand and opens the product's quick view. Returns a function removing the listeners.
 */
export function installQuickViewButtons(doc: Document, open: (button: HTMLElement, url: string, title: string) => void): () => void {
  const activate = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.(QUICK_VIEW_BUTTON) as HTMLElement | null;
    if (!button) return;
    if (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ') return;
    const target = quickViewTarget(button);
    if (!target) return;
    event.preventDefault();
    button.focus();
    open(button, target.url, target.title);
  };
  doc.addEventListener('click', activate);
  doc.addEventListener('keydown', activate);
  return () => {
    doc.removeEventListener('click', activate);
    doc.removeEventListener('keydown', activate);
  };
}
