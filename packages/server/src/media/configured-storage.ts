import type { AppConfig } from '../config.js';
import type { MediaStorage } from './media-storage.js';
import { defaultMediaStorage } from './product-images.js';
import { s3MediaStorage } from './s3-media-storage.js';

/** The media storage the configuration names: `{dataDir}/media`, or the S3-compatible bucket of `mediaStore`. */
export function mediaStorageFor(config: Pick<AppConfig, 'dataDir' | 'mediaStore'>): MediaStorage {
  const store = config.mediaStore;
  if (store.kind === 's3') return s3MediaStorage(store);
  return defaultMediaStorage(config.dataDir);
}
