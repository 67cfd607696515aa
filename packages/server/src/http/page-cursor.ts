import { AppError } from '../errors/index.js';
import { isStorableText } from './input-guard.js';

/** A page of results with the cursor of the next page (spec 7: restock lists; owner submissions). */
export interface Page<T> {
  items: T[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

/** Default number of rows in a page. */
export const DEFAULT_PAGE_SIZE = 50;
/** Largest number of rows in a page. */
export const MAX_PAGE_SIZE = 100;

/** Cursor part: a timestamp in whole microseconds since the epoch. */
export const MICROS_PART = /^\d{1,16}$/;
/** Cursor part: any text up to 200 characters. */
export const TEXT_PART = /^[\s\S]{0,200}$/;

const MAX_CURSOR_LENGTH = 1000;

function invalidCursor(): AppError {
  return new AppError('BAD_REQUEST', 'cursor is not valid.');
}

/** Encodes a keyset position as an opaque cursor. */
export function encodeCursor(position: ReadonlyArray<string>): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/**
 * Decodes a cursor made by {@link encodeCursor} whose parts match `shape`, one pattern per
 * part, and are storable text (no NUL, no unpaired surrogate); undefined when no cursor was given; 400 'cursor is not valid.' for anything else.
 */
export function decodeCursor(cursor: unknown, shape: ReadonlyArray<RegExp>): string[] | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  if (typeof cursor !== 'string' || cursor.length > MAX_CURSOR_LENGTH) throw invalidCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== shape.length) throw invalidCursor();
  if (!parsed.every((part, i) => typeof part === 'string' && isStorableText(part) && shape[i]!.test(part))) throw invalidCursor();
  return parsed as string[];
}

/**
 * Page size from a `limit` query value: {@link DEFAULT_PAGE_SIZE} when absent, at most
 * {@link MAX_PAGE_SIZE}; 400 when it is not a whole number of at least 1.
 */
export function pageSize(limit: unknown): number {
  if (limit === undefined || limit === '') return DEFAULT_PAGE_SIZE;
  const n = typeof limit === 'string' && /^\d{1,9}$/.test(limit) ? Number(limit) : Number.NaN;
  if (!(n >= 1)) throw new AppError('BAD_REQUEST', `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`);
  return Math.min(MAX_PAGE_SIZE, n);
}

/**
 * Builds a page from rows fetched with `LIMIT limit + 1`: the first `limit` rows mapped with
 * `item`, and the next page's cursor made from the last row's `position`.
 */
export function toPage<R, T>(found: ReadonlyArray<R>, limit: number, item: (row: R) => T, position: (row: R) => string[]): Page<T> {
  const rows = found.slice(0, limit);
  const last = rows[rows.length - 1];
  const hasNextPage = found.length > limit;
  return { items: rows.map(item), hasNextPage, nextPageCursor: hasNextPage && last !== undefined ? encodeCursor(position(last)) : null };
}
