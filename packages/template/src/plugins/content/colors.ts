import { mapFormatter, type Formatter } from '../../plugin-api.js';
import { asNumber, asString, getProp } from './values.js';

/** Largest 24-bit colour value; a colour above half of it is light (spec section 9). */
export const MAX_COLOR = 16777215;

/** Messages of `website-color` (spec section 5), exactly as written there. */
export const ColorMessages = Object.freeze({
  MISSING: 'Missing an H/S/L value.',
  HUE: 'Hue out of bounds.',
  SATURATION: 'Saturation out of bounds.',
  LIGHTNESS: 'Lightness out of bounds.',
  ALPHA: 'Alpha out of bounds.',
});

const HEX_COLOR = /^(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Parses `#rgb`, `rgb`, `#rrggbb` or `rrggbb` to an integer; `null` when it is not a 3- or 6-digit hex colour. */
export function parseHexColor(text: string): number | null {
  const hex = text.startsWith('#') ? text.slice(1) : text;
  if (!HEX_COLOR.test(hex)) return null;
  const full = hex.length === 3 ? [...hex].map((d) => d + d).join('') : hex;
  return parseInt(full, 16);
}

/** `{hex|color-weight}`: `light` or `dark`; missing when the value is not a hex colour. */
export const colorWeight: Formatter = mapFormatter((value) => {
  const color = parseHexColor(asString(value));
  if (color === null) return undefined;
  return color > MAX_COLOR / 2 ? 'light' : 'dark';
});

function twoPlaces(n: number): number {
  return parseFloat(n.toFixed(2));
}

/**
 * `{color|website-color}`: CSS `hsl(...)` / `hsla(...)` from `hue` (0-360) and `saturation`,
 * `lightness`, optional `alpha` (0-1), or the out-of-bounds messages, each but the alpha one
 * followed by a space.
 */
export const websiteColor: Formatter = mapFormatter((value) => {
  const hueValue = getProp(value, 'hue');
  const saturationValue = getProp(value, 'saturation');
  const lightnessValue = getProp(value, 'lightness');
  if (hueValue === undefined || saturationValue === undefined || lightnessValue === undefined) {
    return ColorMessages.MISSING;
  }
  const hue = asNumber(hueValue);
  const saturation = asNumber(saturationValue);
  const lightness = asNumber(lightnessValue);
  const alphaValue = getProp(value, 'alpha');
  const alpha = alphaValue === undefined ? undefined : asNumber(alphaValue);
  let errors = '';
  if (hue < 0 || hue > 360) errors += `${ColorMessages.HUE} `;
  if (!(saturation >= 0 && saturation <= 1)) errors += `${ColorMessages.SATURATION} `;
  if (!(lightness >= 0 && lightness <= 1)) errors += `${ColorMessages.LIGHTNESS} `;
  if (alpha !== undefined && (alpha < 0 || alpha > 1)) errors += ColorMessages.ALPHA;
  if (errors !== '') return errors;
  const hsl = `${twoPlaces(hue)}, ${twoPlaces(saturation * 100)}%, ${twoPlaces(lightness * 100)}%`;
  return alpha === undefined ? `hsl(${hsl})` : `hsla(${hsl}, ${twoPlaces(alpha)})`;
});

/** Corner and centre positions of an image's `colorData`, in output order. */
export const IMAGE_COLOR_POSITIONS: readonly string[] = Object.freeze(['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center']);

/**
 * `{image|image-color [position [property]]}`: with a position, `#rrggbb` of that average colour
 * (prefixed `property: `), or `"position" not found.`; without, `data-color-*` attributes for all positions.
 */
export const imageColor: Formatter = mapFormatter((value, args) => {
  const colorData = getProp(value, 'colorData');
  if (colorData === undefined) return undefined;
  const [position, property] = args;
  if (position === undefined) {
    return IMAGE_COLOR_POSITIONS.map((pos) => `data-color-${pos}="#${asString(getProp(colorData, `${pos}Average`))}" `).join('');
  }
  const color = asString(getProp(colorData, `${position}Average`));
  if (color.length === 0) return `"${position}" not found.`;
  return property === undefined ? `#${color}` : `${property}: #${color}`;
});
