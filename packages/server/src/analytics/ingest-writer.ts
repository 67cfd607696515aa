import type { Db } from '../db/index.js';
import { emptyBatch, mergeBatch, type IngestBatch } from './ingest-batch.js';
import { writeBatch } from './ingest-repository.js';

interface Waiting {
  batch: IngestBatch;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** PostgreSQL's "deadlock detected" and "serialization failure": safe to retry the whole transaction. */
const RETRYABLE = new Set(['40P01', '40001']);

function isRetryable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (RETRYABLE.has((e as { code?: string }).code ?? '')) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Group commit for tracking calls: batches that arrive while a transaction is being written
 * wait and are then written together in the next one. `write` resolves only after the
 * transaction holding its batch has committed, so a call acknowledges only stored events. When a
 * shared transaction fails, its calls are retried one by one and only the failing ones reject.
 */
export class IngestWriter {
  private queue: Waiting[] = [];
  private flushing = false;

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 5000,
  ) {}

  /** Stores `batch`; resolves once committed, rejects if its transaction failed. */
  write(batch: IngestBatch): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ batch, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        const taken: Waiting[] = [];
        const merged = emptyBatch();
        while (this.queue.length > 0 && (taken.length === 0 || merged.raw.length + this.queue[0]!.batch.raw.length <= this.maxBatch)) {
          const next = this.queue.shift()!;
          mergeBatch(merged, next.batch);
          taken.push(next);
        }
        try {
          await this.commit(merged);
          for (const w of taken) w.resolve();
        } catch (error) {
          if (taken.length === 1) taken[0]!.reject(error);
          else await this.commitEach(taken);
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  /** After a shared transaction failed: each call in its own, so one bad call cannot sink the others. */
  private async commitEach(taken: Waiting[]): Promise<void> {
    for (const w of taken) {
      try {
        await this.commit(w.batch);
        w.resolve();
      } catch (error) {
        w.reject(error);
      }
    }
  }

  private async commit(batch: IngestBatch): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.db.transaction((tx) => writeBatch(tx, batch));
        return;
      } catch (error) {
        if (attempt >= 3 || !isRetryable(error)) throw error;
      }
    }
  }
}
