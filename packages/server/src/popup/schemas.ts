import { z } from '../http/schemas.js';
import { POPUP_POSITIONS, POPUP_TEXT_MAX, POPUP_TITLE_MAX } from './popup-constants.js';

const text = (name: string, max: number) => {
  const message = `${name} must be a non-empty string of at most ${max} characters.`;
  return z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });
};
const versionMessage = 'version must be 1 to 32 letters, digits, dots, dashes or underscores.';
const textMessage = `text must be a string of at most ${POPUP_TEXT_MAX} characters.`;

/** The owner's popup settings as sent (PUT body); texts are trimmed and defaults filled in. */
export const PopupSettingsBody = z.object(
  {
    enabled: z.boolean({ error: 'enabled must be true or false.' }),
    version: z
      .union([z.int().nonnegative().transform(String), z.string()], { error: versionMessage })
      .optional()
      .transform((version) => version ?? '1')
      .pipe(z.string().regex(/^[A-Za-z0-9._-]{1,32}$/, { error: versionMessage }))
      .describe('Raising the version shows the popup again to visitors who closed or submitted it (default 1)'),
    position: z.enum(POPUP_POSITIONS, { error: `position must be one of ${POPUP_POSITIONS.join(', ')}.` }).default('bottom-right'),
    title: text('title', POPUP_TITLE_MAX),
    text: z.string({ error: textMessage }).trim().max(POPUP_TEXT_MAX, { error: textMessage }).default(''),
    formId: text('formId', 64).describe('The newsletter form shown in the popup'),
  },
  { error: 'The popup settings must be an object.' },
);

/** The popup overlay as stored and answered. */
export const PopupOverlay = z.object({
  enabled: z.boolean(),
  version: z.string(),
  position: z.enum(POPUP_POSITIONS),
  title: z.string(),
  text: z.string(),
  formId: z.string(),
});

/** Answer of the owner's popup calls: the settings, or null when the site has none. */
export const PopupOverlayAnswer = z.object({ popupOverlay: PopupOverlay.nullable() });
