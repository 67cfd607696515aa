import { AppError } from '../errors/index.js';

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

/** The owner's newsletter popup (page type 104), kept in `websites.settings.popupOverlay`. */
export interface PopupOverlaySettings {
  enabled: boolean;
  /** Raising the version shows the popup again to visitors who closed or submitted it. */
  version: string;
  position: PopupPosition;
  title: string;
  text: string;
  /** The newsletter form shown in the popup. */
  formId: string;
}

type Rec = Record<string, unknown>;

function field(body: Rec, name: string, max: number, required: boolean): string {
  const value = body[name];
  if (value === undefined && !required) return '';
  if (typeof value !== 'string' || value.trim().length > max || (required && value.trim() === '')) {
    throw new AppError('VALIDATION_FAILED', `${name} must be a${required ? ' non-empty' : ''} string of at most ${max} characters.`);
  }
  return value.trim();
}

/** Checks an owner's popup settings; bad input gets a 400 naming the field. */
export function parsePopupSettings(input: unknown): PopupOverlaySettings {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new AppError('VALIDATION_FAILED', 'The popup settings must be an object.');
  const body = input as Rec;
  if (typeof body.enabled !== 'boolean') throw new AppError('VALIDATION_FAILED', 'enabled must be true or false.');
  const position = body.position ?? 'bottom-right';
  if (!POPUP_POSITIONS.includes(position as PopupPosition)) throw new AppError('VALIDATION_FAILED', `position must be one of ${POPUP_POSITIONS.join(', ')}.`);
  const version = body.version === undefined ? '1' : typeof body.version === 'number' && Number.isInteger(body.version) ? String(body.version) : body.version;
  if (typeof version !== 'string' || !/^[A-Za-z0-9._-]{1,32}$/.test(version)) throw new AppError('VALIDATION_FAILED', 'version must be 1 to 32 letters, digits, dots, dashes or underscores.');
  return {
    enabled: body.enabled,
    version,
    position: position as PopupPosition,
    title: field(body, 'title', POPUP_TITLE_MAX, true),
    text: field(body, 'text', POPUP_TEXT_MAX, false),
    formId: field(body, 'formId', 64, true),
  };
}

/** The site's popup when it is enabled and well-formed, else undefined. */
export function enabledPopup(settings: Rec): PopupOverlaySettings | undefined {
  const raw = settings[POPUP_SETTING];
  try {
    const popup = parsePopupSettings(raw);
    return popup.enabled ? popup : undefined;
  } catch {
    return undefined;
  }
}
