/** Largest image upload, in bytes. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Largest image upload, in decoded pixels (width × height), checked from its header before decoding. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Spec 5 "Upload": the refusals of an upload. */
export const UPLOAD_MESSAGES = Object.freeze({
  noFile: 'Choose an image to upload.',
  notSupported: 'The file is not a supported type: upload a JPEG, PNG or WebP image.',
  tooLarge: `The file is too large: the maximum size is ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
  tooManyPixels: `The image is too large: the maximum is ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
  tooSlow: 'The image took too long to process: upload a smaller image.',
  notAnImage: 'The file could not be read as an image.',
  unreadable: 'The upload could not be read: send the image as multipart/form-data.',
});
