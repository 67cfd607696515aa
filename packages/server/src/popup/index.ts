/** The owner's newsletter popup overlay (page type 104): settings, validation and owner calls. */
export {
  POPUP_POSITIONS,
  POPUP_SETTING,
  POPUP_TITLE_MAX,
  POPUP_TEXT_MAX,
  parsePopupSettings,
  enabledPopup,
  storedPopup,
  type PopupOverlaySettings,
  type PopupPosition,
} from './popup-settings.js';
export { registerPopupRoutes, POPUP_SETTINGS_PATH } from './popup-routes.js';
export { PopupSettingsBody, PopupOverlay, PopupOverlayAnswer } from './schemas.js';
