const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** Focusable descendants of `container`, in DOM order. */
export function focusableWithin(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * Keeps Tab and Shift+Tab inside `container`: returns the element that should receive focus
 * instead, or null when the browser's default move stays inside.
 */
export function nextTrappedFocus(container: HTMLElement, active: Element | null, backwards: boolean): HTMLElement | null {
  const items = focusableWithin(container);
  if (items.length === 0) return container;
  const first = items[0];
  const last = items[items.length - 1];
  if (!active || !container.contains(active)) return backwards ? last : first;
  if (backwards && active === first) return last;
  if (!backwards && active === last) return first;
  return null;
}
