import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where uploaded media bytes live: a local folder by default, or an S3-compatible bucket
 * (`s3MediaStorage`), chosen by configuration (`EMPORIUM_MEDIA_STORE`).
 */
export interface MediaStorage {
  /** Stores bytes under a key (`{websiteId}/{name}`); replacing is allowed. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under a key, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes under a key; a missing key is no error. */
  delete(key: string): Promise<void>;
}

/**
 * Keys are two segments of letters, digits, dots, hyphens and underscores, optionally under
 * {@link PRIVATE_PREFIX}: no path can escape the root.
 */
export const MEDIA_KEY = /^(?:private\/)?[a-z0-9]{1,64}\/[A-Za-z0-9_-]{1,64}(?:\.[a-z0-9]{1,5})?$/;

/** Prefix of keys that are never served by the public media route (files of digital products). */
export const PRIVATE_PREFIX = 'private/';

/** Throws a RangeError for a key that is not a {@link MEDIA_KEY}. */
export function assertMediaKey(key: string): void {
  if (!MEDIA_KEY.test(key)) throw new RangeError(`Invalid media key: ${key}`);
}

/** Media in a folder (`{dataDir}/media` by default); writes go to a temporary file then are renamed, so a reader never sees half a file. */
export function localMediaStorage(root: string): MediaStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertMediaKey(key);
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new RangeError(`Invalid media key: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
