import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readThemeDir, readThemeZip, THEME_LIMITS, ThemeFilesError, type ThemeFiles } from '@emporium/theme';

/** A theme read from a path given on the command line. */
export interface ThemeAtPath {
  readonly files: ThemeFiles;
  /** True when the path is a folder (which a development server can watch), false for a .zip file. */
  readonly isFolder: boolean;
  /** How a problem names one of the theme's files: under the folder as given, or as it sits in the archive. */
  shownPath(file: string): string;
}

/** Largest archive read into memory; its files are held to {@link THEME_LIMITS} as they are inflated. */
const MAX_ARCHIVE_BYTES = 2 * THEME_LIMITS.totalBytes;

function unreadable(path: string, reason: string): ThemeFilesError {
  return new ThemeFilesError(`Cannot read the theme at ${path}: ${reason}`);
}

/**
 * Reads the theme folder or `.zip` file at `path` with the limits of every theme (no symbolic
 * links, no `..`, at most 1,000 files and 20 MB). Throws {@link ThemeFilesError} with a message
 * naming the path when nothing can be read.
 */
export function readThemeAt(path: string): ThemeAtPath {
  try {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) throw unreadable(path, 'there is no such folder or file.');
    if (stat.isDirectory()) return { files: readThemeDir(path), isFolder: true, shownPath: (file) => join(path, file) };
    if (!stat.isFile() || !/\.zip$/i.test(path)) throw unreadable(path, 'a theme is a folder or a .zip file.');
    if (stat.size > MAX_ARCHIVE_BYTES) throw unreadable(path, `the archive is larger than ${MAX_ARCHIVE_BYTES / 1024 / 1024} MB.`);
    return { files: readThemeZip(readFileSync(path)), isFolder: false, shownPath: (file) => file };
  } catch (error) {
    if (error instanceof ThemeFilesError) throw error.message.startsWith('Cannot read the theme') ? error : unreadable(path, error.message);
    // The file system refused (permissions, a file removed while it was read).
    if ((error as { code?: unknown }).code !== undefined) throw unreadable(path, (error as Error).message);
    throw error;
  }
}
