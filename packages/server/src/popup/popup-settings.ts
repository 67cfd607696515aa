import { AppError } from '../errors/index.js';
import { POPUP_SETTING, type PopupPosition } from './popup-constants.js';
import { PopupSettingsBody } from './schemas.js';

export { POPUP_POSITIONS, POPUP_SETTING, POPUP_TEXT_MAX, POPUP_TITLE_MAX, type PopupPosition } from './popup-constants.js';

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

/** Checks an owner's popup settings; bad input gets a 400 naming the field. */
export function parsePopupSettings(input: unknown): PopupOverlaySettings {
  const result = PopupSettingsBody.safeParse(input);
  if (!result.success) throw new AppError('VALIDATION_FAILED', result.error.issues[0]?.message ?? 'The popup settings are not valid.');
  return result.data;
}

/** The site's stored popup when it is well-formed (enabled or not), else undefined. */
export function storedPopup(settings: Readonly<Record<string, unknown>>): PopupOverlaySettings | undefined {
  const result = PopupSettingsBody.safeParse(settings[POPUP_SETTING]);
  return result.success ? result.data : undefined;
}

/** The site's popup when it is enabled and well-formed, else undefined. */
export function enabledPopup(settings: Readonly<Record<string, unknown>>): PopupOverlaySettings | undefined {
  const popup = storedPopup(settings);
  return popup?.enabled ? popup : undefined;
}
