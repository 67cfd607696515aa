import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, PGLITE_SHARED_BUFFERS } from './open.js';

/** PGlite is started with its own default parameters plus our shared buffers; these are the settings that gives. */
describe('PGlite start parameters', () => {
  it('keep PGlite’s own settings and take the shared buffers asked for', async () => {
    for (const [asked, shown] of [
      [undefined, PGLITE_SHARED_BUFFERS],
      ['8MB', '8MB'],
    ] as const) {
      const db = await openDatabase({ dataDir: 'memory://', migrate: false, ...(asked ? { sharedBuffers: asked } : {}) });
      try {
        const show = async (name: string) => ((await db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] }).rows[0]![name];
        expect(await show('shared_buffers')).toBe(shown);
        expect(await show('search_path')).toBe('public');
        expect(await show('exit_on_error')).toBe('off');
        expect(await show('log_checkpoints')).toBe('off');
        expect(await show('max_worker_processes')).toBe('0');
        expect(await show('max_parallel_workers_per_gather')).toBe('0');
        expect(await show('io_method')).toBe('sync');
      } finally {
        await closeDatabase(db);
      }
    }
  });
});
