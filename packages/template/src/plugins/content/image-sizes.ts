import { mapFormatter, type Formatter } from '../../plugin-api.js';
import { asString, getProp } from './values.js';

/** Image variant widths served by the asset store, smallest first (spec section 9). */
export const SRCSET_WIDTHS: readonly number[] = Object.freeze([100, 300, 500, 750, 1000, 1500, 2500]);

/** Message for size formatters whose value is not `WIDTHxHEIGHT` (spec section 5). */
export const INVALID_SIZE_SOURCE = "Invalid source parameter. Pass in 'originalSize'";

/** The thumbnail variant for a display width: the smallest listed width strictly covering it, capped at 1500w. */
export function thumbnailForWidth(width: number): string {
  if (width > 1000) return '1500w';
  if (width > 750) return '1000w';
  if (width > 500) return '750w';
  if (width > 300) return '500w';
  if (width > 100) return '300w';
  return '100w';
}

/** Splits `WIDTHxHEIGHT` into its two parts, or `null` when there are not exactly two. */
export function splitDimensions(value: unknown): [string, string] | null {
  const parts = asString(value).split('x');
  return parts.length === 2 ? [parts[0] ?? '', parts[1] ?? ''] : null;
}

/** One side of a `WIDTHxHEIGHT` box after scaling the other side to `requested`, truncated to a 32-bit integer. */
export function scaledSide(value: unknown, side: 'width' | 'height', requested: number): number | string {
  const parts = splitDimensions(value);
  if (parts === null) return INVALID_SIZE_SOURCE;
  const width = parseInt(parts[0], 10);
  const height = parseInt(parts[1], 10);
  const scaled = side === 'width' ? width * (requested / height) : height * (requested / width);
  return scaled | 0;
}

/** `{size|width}`: the width part of `WIDTHxHEIGHT`; missing when malformed. */
export const width: Formatter = mapFormatter((value) => {
  const parts = splitDimensions(value);
  return parts === null ? undefined : parseInt(parts[0], 10);
});

/** `{size|height}`: the height part of `WIDTHxHEIGHT`; missing when malformed. */
export const height: Formatter = mapFormatter((value) => {
  const parts = splitDimensions(value);
  return parts === null ? undefined : parseInt(parts[1], 10);
});

/** `{size|resizedHeightForWidth W}`: height after scaling the box to width W. */
export const resizedHeightForWidth: Formatter = mapFormatter((value, args) => scaledSide(value, 'height', parseInt(args[0] ?? '', 10)));

/** `{size|resizedWidthForHeight H}`: width after scaling the box to height H. */
export const resizedWidthForHeight: Formatter = mapFormatter((value, args) => scaledSide(value, 'width', parseInt(args[0] ?? '', 10)));

/** `{x|squarespaceThumbnailForWidth W}`: the thumbnail variant for width W. */
export const squarespaceThumbnailForWidth: Formatter = mapFormatter((_value, args) => thumbnailForWidth(parseInt(args[0] ?? '', 10)));

/** `{size|squarespaceThumbnailForHeight H}`: the thumbnail variant for the width the box has at height H. */
export const squarespaceThumbnailForHeight: Formatter = mapFormatter((value, args) => {
  const scaled = scaledSide(value, 'width', parseInt(args[0] ?? '', 10));
  return typeof scaled === 'number' ? thumbnailForWidth(scaled) : scaled;
});

/**
 * `{image|image-srcset}`: ` srcset="..."` listing the image's `NNNw` variants; when the largest
 * variant is below the largest width, the original file is offered as the next width up.
 * Leaves the value untouched when the image is missing or has no width variants.
 */
export const imageSrcset: Formatter = {
  apply(_args, vars) {
    const first = vars[0];
    if (!first || first.value === undefined) return;
    const assetUrl = asString(getProp(first.value, 'assetUrl'));
    const variants = asString(getProp(first.value, 'systemDataVariants'))
      .split(',')
      .filter((v) => v.endsWith('w'));
    const last = variants[variants.length - 1];
    if (last === undefined) return;
    const entries = variants.map((v) => `${assetUrl}?format=${v} ${v}`);
    const index = SRCSET_WIDTHS.findIndex((w) => `${w}w` === last);
    const next = index >= 0 ? SRCSET_WIDTHS[index + 1] : undefined;
    if (next !== undefined) entries.push(`${assetUrl}?format=original ${next}w`);
    first.set(` srcset="${entries.join(',')}"`);
  },
};
