import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';

/** A theme's files by relative path (`template.conf`, `collections/blog.list`, `assets/logo.svg`). */
export type ThemeFiles = ReadonlyMap<string, Buffer>;

/** How much a theme may hold. */
export const THEME_LIMITS = Object.freeze({ files: 1000, totalBytes: 20 * 1024 * 1024, fileBytes: 2 * 1024 * 1024 });

/** A theme folder or archive that cannot be read at all: nothing of it is installed. */
export class ThemeFilesError extends Error {
  override name = 'ThemeFilesError';
}

const SAFE_PATH = /^[A-Za-z0-9_][A-Za-z0-9._-]*(\/[A-Za-z0-9_][A-Za-z0-9._-]*)*$/;

/** Files that editors and systems leave beside a theme; skipped without a word. */
const NOISE = /(^|\/)(\.(?!\.(\/|$))[^/]*|__MACOSX|Thumbs\.db|node_modules)(\/|$)/;

/** Refuses a path that is absolute, climbs out (`..`) or uses characters outside the safe set. */
export function checkThemePath(path: string): string {
  if (path.startsWith('/') || path.includes('\\') || path.split('/').includes('..') || !SAFE_PATH.test(path)) {
    throw new ThemeFilesError(`The theme holds a file with a name that is not allowed: ${JSON.stringify(path.slice(0, 200))}.`);
  }
  return path;
}

class Budget {
  private count = 0;
  private bytes = 0;
  add(path: string, size: number): void {
    if (size > THEME_LIMITS.fileBytes) throw new ThemeFilesError(`${path} is larger than ${THEME_LIMITS.fileBytes / 1024 / 1024} MB.`);
    this.count += 1;
    this.bytes += size;
    if (this.count > THEME_LIMITS.files) throw new ThemeFilesError(`The theme has more than ${THEME_LIMITS.files} files.`);
    if (this.bytes > THEME_LIMITS.totalBytes) throw new ThemeFilesError(`The theme is larger than ${THEME_LIMITS.totalBytes / 1024 / 1024} MB.`);
  }
}

/**
 * Reads a theme folder. A symbolic link anywhere refuses the theme (it could point outside);
 * dot files, `node_modules` and editor leftovers are skipped. Throws {@link ThemeFilesError}.
 */
export function readThemeDir(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const budget = new Budget();
  const walk = (rel: string): void => {
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (NOISE.test(path)) continue;
      const stat = lstatSync(join(dir, path));
      if (stat.isSymbolicLink()) throw new ThemeFilesError(`${path} is a symbolic link; a theme holds only plain files.`);
      if (stat.isDirectory()) walk(path);
      else if (stat.isFile()) {
        checkThemePath(path);
        budget.add(path, stat.size);
        files.set(path, readFileSync(join(dir, path)));
      }
    }
  };
  walk('');
  return files;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * Reads a theme from a zip archive. When every file sits in one top folder (as when a folder is
 * zipped), that folder is the theme. Links, unsafe names, and archives over the limits are
 * refused; sizes are checked before anything is inflated. Throws {@link ThemeFilesError}.
 */
export function readThemeZip(archive: Uint8Array): Map<string, Buffer> {
  const budget = new Budget();
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(archive, {
      filter: (file) => {
        if (file.name.endsWith('/')) return false;
        if (NOISE.test(file.name)) return false;
        budget.add(file.name, file.originalSize);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ThemeFilesError) throw error;
    throw new ThemeFilesError('The file is not a zip archive that can be read.');
  }
  for (const name of symlinksIn(archive)) if (!NOISE.test(name)) throw new ThemeFilesError(`${name} is a symbolic link; a theme holds only plain files.`);
  const names = Object.keys(entries);
  for (const name of names) checkThemePath(name);
  const top = names[0]?.split('/')[0];
  const stripTop = top !== undefined && !names.includes('template.conf') && names.every((n) => n.startsWith(`${top}/`));
  const files = new Map<string, Buffer>();
  for (const name of names) {
    const path = stripTop ? name.slice(top!.length + 1) : name;
    files.set(checkThemePath(path), Buffer.from(entries[name]!));
  }
  return files;
}

/** Names of the archive's entries whose Unix mode (in the central directory) is a symbolic link. */
function symlinksIn(archive: Uint8Array): string[] {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  let end = -1;
  for (let i = archive.length - 22; i >= Math.max(0, archive.length - 65_557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return [];
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const out: string[] = [];
  for (let n = 0; n < count && at + 46 <= archive.length; n++) {
    if (view.getUint32(at, true) !== 0x02014b50) break;
    const madeBy = view.getUint16(at + 4, true) >> 8;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const mode = view.getUint32(at + 38, true) >>> 16;
    if (madeBy === 3 && (mode & S_IFMT) === S_IFLNK) out.push(Buffer.from(archive.subarray(at + 46, at + 46 + nameLength)).toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}
