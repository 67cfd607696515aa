/** Largest file of a digital product, in bytes. */
export const MAX_DIGITAL_FILE_BYTES = 100 * 1024 * 1024;

/** The refusals of a digital product's file upload. */
export function digitalFileMessages(maxBytes: number = MAX_DIGITAL_FILE_BYTES) {
  return Object.freeze({
    noFile: 'Choose a file to upload.',
    tooLarge: `The file is too large: the maximum size is ${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB.`,
    notDigital: 'Only a digital product has a file to download: change the product type to Digital first.',
    unreadable: 'The upload could not be read: send the file as multipart/form-data.',
  });
}

/** The refusals with the default size limit. */
export const DIGITAL_FILE_MESSAGES = digitalFileMessages();
