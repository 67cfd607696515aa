/** Local-storage keys of the popup overlay (spec section 3, Enumerations). */
export const POPUP_STORAGE_KEYS = Object.freeze({ DATE_CLOSED: 'date-closed', VERSION: 'version', SUBMITTED: 'submitted' });

/** The nine overlay positions, top/center/bottom by left/center/right (spec section 3). */
export const POPUP_POSITIONS = Object.freeze([
  'top-left',
  'top-center',
  'top-right',
  'center-left',
  'center-center',
  'center-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const);

/** One of {@link POPUP_POSITIONS}. */
export type PopupPosition = (typeof POPUP_POSITIONS)[number];

/** The part of `Storage` the popup uses. */
export type PopupStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * True when the visitor closed or submitted this version of the popup: the stored `version`
 * equals `version` and `date-closed` or `submitted` is set. A new version shows again.
 */
export function popupDismissed(storage: PopupStorage, version: string): boolean {
  if (storage.getItem(POPUP_STORAGE_KEYS.VERSION) !== version) return false;
  return storage.getItem(POPUP_STORAGE_KEYS.SUBMITTED) === 'true' || (storage.getItem(POPUP_STORAGE_KEYS.DATE_CLOSED) ?? '') !== '';
}

/** Records that the visitor closed the popup (`date-closed` as epoch milliseconds). */
export function recordPopupClosed(storage: PopupStorage, version: string, now: number): void {
  if (storage.getItem(POPUP_STORAGE_KEYS.VERSION) !== version) storage.setItem(POPUP_STORAGE_KEYS.SUBMITTED, 'false');
  storage.setItem(POPUP_STORAGE_KEYS.VERSION, version);
  storage.setItem(POPUP_STORAGE_KEYS.DATE_CLOSED, String(now));
}

/** Records that the visitor submitted the popup's form. */
export function recordPopupSubmitted(storage: PopupStorage, version: string): void {
  if (storage.getItem(POPUP_STORAGE_KEYS.VERSION) !== version) storage.setItem(POPUP_STORAGE_KEYS.DATE_CLOSED, '');
  storage.setItem(POPUP_STORAGE_KEYS.VERSION, version);
  storage.setItem(POPUP_STORAGE_KEYS.SUBMITTED, 'true');
}

/** Inline placement of a fixed box at a position (margin in px from the viewport edges). */
export function popupPlacement(position: PopupPosition, margin = 16): Record<string, string | number> {
  const [vertical, horizontal] = position.split('-') as ['top' | 'center' | 'bottom', 'left' | 'center' | 'right'];
  const style: Record<string, string | number> = { position: 'fixed', zIndex: 1000 };
  const shift: string[] = [];
  if (vertical === 'top') style.top = margin;
  else if (vertical === 'bottom') style.bottom = margin;
  else {
    style.top = '50%';
    shift.push('translateY(-50%)');
  }
  if (horizontal === 'left') style.left = margin;
  else if (horizontal === 'right') style.right = margin;
  else {
    style.left = '50%';
    shift.push('translateX(-50%)');
  }
  if (shift.length) style.transform = shift.join(' ');
  return style;
}
