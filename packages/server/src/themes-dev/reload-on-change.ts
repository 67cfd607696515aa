import { createHash } from 'node:crypto';
import { type FSWatcher, watch } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { readThemeDir, ThemeFilesError, type ThemeFiles } from '@emporium/theme';
import { type Db, websites } from '../db/index.js';
import type { ThemeRegistry } from '../themes/index.js';
import { checkTheme } from './check-theme.js';
import { problemLines, problemSummary } from './problem-report.js';

/** Options of {@link reloadOnChange}. */
export interface ThemeReloadOptions {
  /** The theme folder the registry was forced with. */
  readonly dir: string;
  /** The files it was forced with (a save that changes nothing reloads nothing). */
  readonly files: ThemeFiles;
  readonly registry: ThemeRegistry;
  readonly db: Db;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  /** Quiet time after the last change before the folder is read again (default 100 ms). */
  readonly debounceMs?: number;
}

/** A running watch of a theme folder. */
export interface ThemeReloading {
  /** Stops watching; a reload already running finishes. */
  close(): void;
}

/** Dot files and folders (editors' swap files, `.git`) and `node_modules`, which a theme never holds. */
const IGNORED = /(^|[/\\])(\.[^/\\]*|node_modules)([/\\]|$)/;

function hashOf(files: ThemeFiles): string {
  const hash = createHash('sha256');
  for (const path of [...files.keys()].sort()) hash.update(path).update('\0').update(files.get(path)!).update('\0');
  return hash.digest('hex');
}

/**
 * Makes every site's cached pages stale: the page cache is keyed by each site's page version,
 * not by the theme, so a page rendered with the earlier files would still be served.
 */
async function expireCachedPages(db: Db): Promise<void> {
  await db.update(websites).set({ pageVersion: sql`${websites.pageVersion} + 1` });
}

/**
 * Watches a theme folder and forces the registry to each version of it that compiles, once
 * changes have settled for `debounceMs`: a version with errors is reported and the last good
 * one stays; a good one is reported as `Reloaded "Name"`, and no page rendered before it is
 * served again. Files that did not change (a save without edits) reload nothing.
 */
export function reloadOnChange(options: ThemeReloadOptions): ThemeReloading {
  const { dir, registry, db, out, err } = options;
  let lastSeen = hashOf(options.files);
  const shownPath = (file: string) => join(dir, file);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let pending = false;
  let closed = false;

  const reload = async (): Promise<void> => {
    let files: ThemeFiles;
    try {
      files = readThemeDir(dir);
    } catch (error) {
      if (!(error instanceof ThemeFilesError) && (error as { code?: unknown }).code === undefined) throw error;
      err(`Cannot read the theme at ${dir}: ${(error as Error).message} The last good version is still served.`);
      return;
    }
    const hash = hashOf(files);
    if (hash === lastSeen) return;
    lastSeen = hash;
    const check = await checkTheme(registry.engine, files);
    if (!check.ok) {
      for (const line of problemLines(check.problems, shownPath)) err(line);
      err(`${problemSummary(check.problems, check.name)} The last good version is still served.`);
      return;
    }
    registry.force(files);
    await expireCachedPages(db);
    for (const line of problemLines(check.problems, shownPath)) out(line);
    out(`Reloaded "${check.name}".`);
  };

  const run = (): void => {
    if (closed) return;
    if (running) {
      pending = true;
      return;
    }
    running = reload()
      .catch((error: unknown) => err(`Reloading the theme failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = undefined;
        if (pending) {
          pending = false;
          run();
        }
      });
  };

  const watcher: FSWatcher = watch(dir, { recursive: true }, (_event, file) => {
    if (file && IGNORED.test(file)) return;
    clearTimeout(timer);
    timer = setTimeout(run, options.debounceMs ?? 100);
  });
  watcher.on('error', (error) => err(`Watching ${dir} failed: ${error.message}`));

  return {
    close() {
      closed = true;
      clearTimeout(timer);
      watcher.close();
    },
  };
}
