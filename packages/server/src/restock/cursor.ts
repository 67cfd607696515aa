import { AppError } from '../http/errors.js';

/** Encodes a keyset position as an opaque cursor. */
export function encodeCursor(position: ReadonlyArray<string>): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** Decodes a cursor made by {@link encodeCursor} with `size` parts; undefined for none; 400 when malformed. */
export function decodeCursor(cursor: unknown, size: number): string[] | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    if (typeof cursor !== 'string' || cursor.length > 1000) throw new Error('not a string');
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(parsed) && parsed.length === size && parsed.every((p) => typeof p === 'string')) return parsed as string[];
  } catch {
    // fall through to the error below
  }
  throw new AppError('BAD_REQUEST', 'cursor is not valid.');
}

/** Page size: `limit` query value clamped to 1-100, default 50. */
export function pageSize(limit: unknown): number {
  const n = Number(limit ?? 50);
  return Number.isInteger(n) ? Math.min(100, Math.max(1, n)) : 50;
}
