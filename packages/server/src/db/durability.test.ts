import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebsite, findWebsiteByIdentifier } from '../sites/repository.js';
import { closeDatabase, migrationsAppliedAtOpen, openDatabase } from './open.js';
import { websites } from './schema.js';

/**
 * Opening an empty data folder runs every migration on a file-backed PGlite (each one flushed to
 * disk), which takes 10-40 s on a machine busy with other test files; the limit is for a hang.
 */
const FRESH_FOLDER_TIMEOUT_MS = 180_000;

describe('PGlite data directory', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'emporium-durability-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it(
    'keeps committed rows across close and reopen, and does not re-run migrations',
    async () => {
      const first = await openDatabase({ dataDir: dir });
      expect(migrationsAppliedAtOpen(first)?.applied.length).toBeGreaterThan(0);
      await createWebsite(first, { identifier: 'durable', title: 'Durable', settings: { currency: 'EUR' } });
      await first.update(websites).set({ title: 'Durable shop' }).where(eq(websites.identifier, 'durable'));
      await closeDatabase(first);

      const second = await openDatabase({ dataDir: dir });
      try {
        expect(migrationsAppliedAtOpen(second)?.applied).toEqual([]);
        const site = await findWebsiteByIdentifier(second, 'durable');
        expect(site?.title).toBe('Durable shop');
        expect(site?.settings.currency).toBe('EUR');
      } finally {
        await closeDatabase(second);
      }
    },
    FRESH_FOLDER_TIMEOUT_MS,
  );
});
