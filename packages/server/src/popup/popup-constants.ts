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

/** Site setting holding the popup overlay. */
export const POPUP_SETTING = 'popupOverlay';
/** Longest title and text of a popup. */
export const POPUP_TITLE_MAX = 120;
export const POPUP_TEXT_MAX = 500;
