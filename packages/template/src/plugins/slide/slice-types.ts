/** Slice types by name (spec section 3, Enumerations). */
export const SLICE_TYPES: Readonly<Record<string, number>> = Object.freeze({
  undefined: -1,
  heading: 1,
  body: 3,
  image: 4,
  gallery: 5,
  video: 6,
  'social-icons': 7,
  buttons: 8,
  navigation: 9,
  'custom-form': 10,
  newsletter: 11,
  album: 12,
  map: 13,
  logo: 14,
  action: 15,
  form: 16,
  lock: 17,
  password: 18,
  twitter: 19,
});

/** The code of a slice type name, or `undefined` for an unknown name. */
export function sliceTypeCode(name: string): number | undefined {
  return Object.prototype.hasOwnProperty.call(SLICE_TYPES, name) ? SLICE_TYPES[name] : undefined;
}
