import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/** Where uploaded media bytes live; local folder by default, an object store behind the same calls later. */
export interface MediaStorage {
  /** Stores bytes under a key (`{websiteId}/{name}`); replacing is allowed. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under a key, or null. */
  get(key: string): Promise<Buffer | null>;
}

/** Keys are two segments of letters, digits, dots, hyphens and underscores: no path can escape the root. */
export const MEDIA_KEY = /^[a-z0-9]{1,64}\/[A-Za-z0-9_-]{1,64}(?:\.[a-z0-9]{1,5})?$/;

function assertKey(key: string): void {
  if (!MEDIA_KEY.test(key)) throw new RangeError(`Invalid media key: ${key}`);
}

/** Media in a folder (`{dataDir}/media` by default); writes go to a temporary file then are renamed, so a reader never sees half a file. */
export function localMediaStorage(root: string): MediaStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertKey(key);
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
  };
}
