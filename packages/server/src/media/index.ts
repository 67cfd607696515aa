/** Uploaded images: sniffed, size-limited, resized once into the srcset widths, stored through a storage interface, served immutably. */
export { registerMediaRoutes, MAX_IMAGE_BYTES, MEDIA_PATH, UPLOAD_MESSAGES, ImageUpdate, type MediaRouteOptions } from './routes.js';
export { SRCSET_WIDTHS, sniffImageFormat } from './image-renditions.js';
export { localMediaStorage, PRIVATE_PREFIX, type MediaStorage } from './media-storage.js';
export { storeImage, type StoredImage } from './stored-images.js';
export { readImageUploads, type ImageUploads, type UploadedFile } from './upload-reader.js';
export { mediaStorageFor } from './configured-storage.js';
export { MEDIA_STORE_UNAVAILABLE, s3MediaStorage, type S3MediaStoreOptions } from './s3-media-storage.js';
export {
  altTextOr,
  attachProductImage,
  MAX_ALT_TEXT,
  defaultMediaStorage,
  objectPositionOf,
  srcsetOfAssetUrl,
  updateProductImage,
  FocalPoint,
  ProductImage,
  type ImageChanges,
} from './product-images.js';
export { DigitalFile, digitalFileKey, digitalFileOf, readDigitalFile, cleanFileName } from './digital-files.js';
export { DIGITAL_FILE_MESSAGES, MAX_DIGITAL_FILE_BYTES, digitalFileMessages } from './digital-file-messages.js';
