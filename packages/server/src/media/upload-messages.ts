/** Largest image upload, in bytes. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Spec 5 "Upload": the refusals of an upload. */
export const UPLOAD_MESSAGES = Object.freeze({
  noFile: 'Choose an image to upload.',
  notSupported: 'The file is not a supported type: upload a JPEG, PNG or WebP image.',
  tooLarge: `The file is too large: the maximum size is ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
  notAnImage: 'The file could not be read as an image.',
  unreadable: 'The upload could not be read: send the image as multipart/form-data.',
});
