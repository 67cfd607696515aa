import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.js';
import { libraryFiles } from '../db/schema-library-files.js';
import { AppError } from '../errors/index.js';
import type { StoredImage } from '../media/index.js';
import { LibraryMessages, type LibraryFile, type LibraryPage } from './schemas.js';

type Row = typeof libraryFiles.$inferSelect;

function viewOf(row: Row): LibraryFile {
  return {
    id: row.id,
    name: row.name,
    assetUrl: row.assetUrl,
    srcset: row.srcset,
    originalSize: row.originalSize,
    bytes: row.bytes,
    altText: row.altText,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `q` as a LIKE pattern matching names that contain it (its own % and _ taken literally). */
function containing(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of the site's library, newest first, with the names containing `q` when given. */
export async function listLibraryFiles(db: DbOrTx, websiteId: string, query: { q?: string; limit: number; offset: number }): Promise<LibraryPage> {
  const where = query.q ? and(eq(libraryFiles.websiteId, websiteId), ilike(libraryFiles.name, containing(query.q))) : eq(libraryFiles.websiteId, websiteId);
  const [rows, totals] = await Promise.all([
    db.select().from(libraryFiles).where(where).orderBy(desc(libraryFiles.createdAt), desc(libraryFiles.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(libraryFiles).where(where),
  ]);
  const total = Number(totals[0]?.n ?? 0);
  return { files: rows.map(viewOf), total, hasMore: query.offset + rows.length < total };
}

/** Adds a stored image to the site's library under `name`. */
export async function addLibraryFile(db: DbOrTx, websiteId: string, name: string, bytes: number, image: StoredImage): Promise<LibraryFile> {
  const [row] = await db
    .insert(libraryFiles)
    .values({ websiteId, name, bytes, assetUrl: image.assetUrl, srcset: image.srcset, originalSize: image.originalSize, altText: '' })
    .returning();
  return viewOf(row!);
}

/** Renames a file or changes its alt text; 404 for a file of another site or none. */
export async function updateLibraryFile(db: DbOrTx, websiteId: string, id: string, changes: { name?: string; altText?: string }): Promise<LibraryFile> {
  const [row] = await db
    .update(libraryFiles)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(libraryFiles.websiteId, websiteId), eq(libraryFiles.id, id)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', LibraryMessages.NOT_FOUND);
  return viewOf(row);
}

/** Removes a file from the library (pages that use it keep their copy of its address); 404 when it is not there. */
export async function deleteLibraryFile(db: DbOrTx, websiteId: string, id: string): Promise<LibraryFile> {
  const [row] = await db
    .delete(libraryFiles)
    .where(and(eq(libraryFiles.websiteId, websiteId), eq(libraryFiles.id, id)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', LibraryMessages.NOT_FOUND);
  return viewOf(row);
}
