import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { serverSecrets } from './schema.js';
import type { Db } from './types.js';

/**
 * Returns the server's secret called `name` (32 random bytes), creating it on first use.
 * Concurrent first calls from several processes agree: the insert keeps the first row.
 */
export async function loadServerSecret(db: Db, name: string): Promise<Buffer> {
  const candidate = randomBytes(32).toString('base64url');
  await db.insert(serverSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} could not be stored`);
  return Buffer.from(row.value, 'base64url');
}

/**
 * The secret called `name`, read on first use and kept. Nothing is queried until a caller asks,
 * so registering a route never leaves a query running past the app's close; a failed read is
 * forgotten, so the next caller tries again.
 */
export function lazyServerSecret(db: Db, name: string): () => Promise<Buffer> {
  let pending: Promise<Buffer> | undefined;
  return () => {
    pending ??= loadServerSecret(db, name).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
