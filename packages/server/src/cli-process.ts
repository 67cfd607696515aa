import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import React from 'react';

/**
 * What the server says at start about its mode. React picks its production or development
 * build when it first loads (the entry points settle NODE_ENV to production before that), so
 * development is opt-in: NODE_ENV=development.
 */
export function runModeNotice(env: Readonly<Record<string, string | undefined>>): string {
  const mode = env.NODE_ENV ?? 'production';
  const react = loadedReactBuild();
  return mode === 'production'
    ? `Production mode: React's ${react} build renders the islands (NODE_ENV=development for development mode).`
    : `Development mode (NODE_ENV=${mode}): React's ${react} build renders pages more slowly, with its warnings; the API reference is at /api/docs. Unset NODE_ENV for production.`;
}

/** Which build of React this process runs: only the development build exports `captureOwnerStack` (React 19). */
export function loadedReactBuild(): 'production' | 'development' {
  return typeof (React as { captureOwnerStack?: unknown }).captureOwnerStack === 'function' ? 'development' : 'production';
}

/** Raised when another live process serves the PGlite data folder (exit code 1). */
export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
}

/**
 * The lock file `emporium serve` keeps in a PGlite data folder while it runs. PGlite itself does
 * not stop a second process: it writes `postmaster.pid` with the fixed pid -42 and a second
 * PGlite opens the same folder without complaint, and two writers corrupt it. So the server
 * writes its own pid here, and other commands refuse while that process lives.
 */
export const DATA_DIR_LOCK = 'emporium-server.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** Throws {@link DataDirBusyError} while a live server process holds the PGlite data folder. */
export async function assertDataDirFree(dataDir: string): Promise<void> {
  const pid = Number.parseInt(await readFile(join(dataDir, DATA_DIR_LOCK), 'utf8').catch(() => ''), 10);
  if (pid > 0 && pid !== process.pid && isAlive(pid)) {
    throw new DataDirBusyError(
      `The Emporium server (process ${pid}) is using the database folder ${dataDir}. PGlite allows one process at a time: stop the server and run this command again, or use PostgreSQL (DATABASE_URL) to run both at once.`,
    );
  }
}

/** Takes the data folder for a server: refuses while another live server holds it; release on shutdown. */
export async function holdDataDir(dataDir: string): Promise<{ release: () => Promise<void> }> {
  await assertDataDirFree(dataDir);
  const file = join(dataDir, DATA_DIR_LOCK);
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${process.pid}\n`);
  return { release: () => unlink(file).catch(() => undefined) };
}
