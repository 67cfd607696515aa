import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { cleanBlocks } from '../blocks/index.js';
import { courseChapters, courseLessons, type DripKind, type LessonKind } from '../db/schema-courses.js';
import { libraryFiles } from '../db/schema-library-files.js';
import type { DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { CourseMessages, MAX_CHAPTERS_PER_COURSE, MAX_LESSONS_PER_COURSE } from './messages.js';

/** A chapter row. */
export type ChapterRow = typeof courseChapters.$inferSelect;
/** A lesson row. */
export type LessonRow = typeof courseLessons.$inferSelect;
/** A chapter with its lessons, in order. */
export interface ChapterWithLessons extends ChapterRow {
  lessons: LessonRow[];
}

/** What an owner saves of a lesson, after its schema (the body's blocks already checked by the block kinds). */
export interface LessonInput {
  chapterId: string;
  title: string;
  slug: string;
  kind: LessonKind;
  body: Record<string, unknown>[];
  videoUrl: string | null;
  fileIds: string[];
  drip: { kind: 'none' } | { kind: 'date'; at: string } | { kind: 'days'; days: number };
}

/** A course's chapters with their lessons, both by position (two statements). */
export async function courseOutline(db: DbOrTx, websiteId: string, courseId: string): Promise<ChapterWithLessons[]> {
  const [chapters, lessons] = await Promise.all([
    db
      .select()
      .from(courseChapters)
      .where(and(eq(courseChapters.websiteId, websiteId), eq(courseChapters.courseId, courseId)))
      .orderBy(asc(courseChapters.position), asc(courseChapters.createdAt)),
    db
      .select()
      .from(courseLessons)
      .where(and(eq(courseLessons.websiteId, websiteId), eq(courseLessons.courseId, courseId)))
      .orderBy(asc(courseLessons.position), asc(courseLessons.createdAt)),
  ]);
  return chapters.map((chapter) => ({ ...chapter, lessons: lessons.filter((l) => l.chapterId === chapter.id) }));
}

async function chapterOrThrow(db: DbOrTx, websiteId: string, courseId: string, chapterId: string): Promise<ChapterRow> {
  const [row] = await db
    .select()
    .from(courseChapters)
    .where(and(eq(courseChapters.websiteId, websiteId), eq(courseChapters.courseId, courseId), eq(courseChapters.id, chapterId)));
  if (!row) throw new AppError('NOT_FOUND', CourseMessages.CHAPTER_NOT_FOUND);
  return row;
}

/** One lesson of a course, or a 404. */
export async function lessonOrThrow(db: DbOrTx, websiteId: string, courseId: string, lessonId: string): Promise<LessonRow> {
  const [row] = await db
    .select()
    .from(courseLessons)
    .where(and(eq(courseLessons.websiteId, websiteId), eq(courseLessons.courseId, courseId), eq(courseLessons.id, lessonId)));
  if (!row) throw new AppError('NOT_FOUND', CourseMessages.LESSON_NOT_FOUND);
  return row;
}

/** Adds a chapter at the end of the course. */
export async function addChapter(db: DbOrTx, websiteId: string, courseId: string, title: string): Promise<string> {
  const [stats] = await db
    .select({ n: count(), max: sql<number | null>`max(${courseChapters.position})` })
    .from(courseChapters)
    .where(and(eq(courseChapters.websiteId, websiteId), eq(courseChapters.courseId, courseId)));
  if (Number(stats?.n ?? 0) >= MAX_CHAPTERS_PER_COURSE) throw new AppError('UNPROCESSABLE', CourseMessages.TOO_MANY_CHAPTERS);
  const [row] = await db
    .insert(courseChapters)
    .values({ websiteId, courseId, title, position: Number(stats?.max ?? -1) + 1 })
    .returning({ id: courseChapters.id });
  return row!.id;
}

/** Renames a chapter. */
export async function renameChapter(db: DbOrTx, websiteId: string, courseId: string, chapterId: string, title: string, now: Date): Promise<void> {
  await chapterOrThrow(db, websiteId, courseId, chapterId);
  await db
    .update(courseChapters)
    .set({ title, updatedAt: now })
    .where(and(eq(courseChapters.websiteId, websiteId), eq(courseChapters.id, chapterId)));
}

/** Deletes a chapter and its lessons. */
export async function deleteChapter(db: DbOrTx, websiteId: string, courseId: string, chapterId: string): Promise<void> {
  await chapterOrThrow(db, websiteId, courseId, chapterId);
  await db.delete(courseChapters).where(and(eq(courseChapters.websiteId, websiteId), eq(courseChapters.id, chapterId)));
}

/**
 * Puts a list in a new order: `ids` must be exactly the list's ids (a 422 otherwise), and
 * position i goes to ids[i].
 */
async function reorder(db: DbOrTx, table: typeof courseChapters | typeof courseLessons, current: readonly string[], ids: readonly string[], websiteId: string) {
  const same = current.length === ids.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
  if (!same) throw new AppError('UNPROCESSABLE', CourseMessages.ORDER_MISMATCH);
  for (const [position, id] of ids.entries()) {
    await db
      .update(table)
      .set({ position })
      .where(and(eq(table.websiteId, websiteId), eq(table.id, id)));
  }
}

/** Orders a course's chapters. */
export async function orderChapters(db: DbOrTx, websiteId: string, courseId: string, ids: readonly string[]): Promise<void> {
  const rows = await db
    .select({ id: courseChapters.id })
    .from(courseChapters)
    .where(and(eq(courseChapters.websiteId, websiteId), eq(courseChapters.courseId, courseId)));
  await reorder(
    db,
    courseChapters,
    rows.map((r) => r.id),
    ids,
    websiteId,
  );
}

/** Orders the lessons of one chapter. */
export async function orderLessons(db: DbOrTx, websiteId: string, courseId: string, chapterId: string, ids: readonly string[]): Promise<void> {
  await chapterOrThrow(db, websiteId, courseId, chapterId);
  const rows = await db
    .select({ id: courseLessons.id })
    .from(courseLessons)
    .where(and(eq(courseLessons.websiteId, websiteId), eq(courseLessons.chapterId, chapterId)));
  await reorder(
    db,
    courseLessons,
    rows.map((r) => r.id),
    ids,
    websiteId,
  );
}

function dripColumns(drip: LessonInput['drip']): { drip: DripKind; dripAt: Date | null; dripDays: number | null } {
  if (drip.kind === 'date') return { drip: 'date', dripAt: new Date(drip.at), dripDays: null };
  if (drip.kind === 'days') return { drip: 'days', dripAt: null, dripDays: drip.days };
  return { drip: 'none', dripAt: null, dripDays: null };
}

async function checkedLesson(db: DbOrTx, websiteId: string, courseId: string, input: LessonInput, lessonId?: string) {
  await chapterOrThrow(db, websiteId, courseId, input.chapterId);
  const [taken] = await db
    .select({ id: courseLessons.id })
    .from(courseLessons)
    .where(and(eq(courseLessons.websiteId, websiteId), eq(courseLessons.courseId, courseId), eq(courseLessons.slug, input.slug)));
  if (taken && taken.id !== lessonId) throw new AppError('CONFLICT', CourseMessages.SLUG_TAKEN, { body: { fields: { slug: CourseMessages.SLUG_TAKEN } } });
  const fileIds = [...new Set(input.fileIds)];
  if (fileIds.length) {
    const found = await db
      .select({ id: libraryFiles.id })
      .from(libraryFiles)
      .where(and(eq(libraryFiles.websiteId, websiteId), inArray(libraryFiles.id, fileIds)));
    if (found.length !== fileIds.length)
      throw new AppError('VALIDATION_FAILED', CourseMessages.FILE_UNKNOWN, { body: { fields: { fileIds: CourseMessages.FILE_UNKNOWN } } });
  }
  return {
    chapterId: input.chapterId,
    title: input.title,
    slug: input.slug,
    kind: input.kind,
    body: cleanBlocks(input.body, { mayWriteCode: false }),
    videoUrl: input.videoUrl,
    fileIds,
    ...dripColumns(input.drip),
  };
}

/** Adds a lesson at the end of its chapter. */
export async function addLesson(db: DbOrTx, websiteId: string, courseId: string, input: LessonInput): Promise<string> {
  const values = await checkedLesson(db, websiteId, courseId, input);
  const [stats] = await db
    .select({ n: count() })
    .from(courseLessons)
    .where(and(eq(courseLessons.websiteId, websiteId), eq(courseLessons.courseId, courseId)));
  if (Number(stats?.n ?? 0) >= MAX_LESSONS_PER_COURSE) throw new AppError('UNPROCESSABLE', CourseMessages.TOO_MANY_LESSONS);
  const [last] = await db
    .select({ max: sql<number | null>`max(${courseLessons.position})` })
    .from(courseLessons)
    .where(and(eq(courseLessons.websiteId, websiteId), eq(courseLessons.chapterId, input.chapterId)));
  const [row] = await db
    .insert(courseLessons)
    .values({ websiteId, courseId, ...values, position: Number(last?.max ?? -1) + 1 })
    .returning({ id: courseLessons.id });
  return row!.id;
}

/** Saves a lesson; moved to another chapter, it goes to that chapter's end. */
export async function updateLesson(db: DbOrTx, websiteId: string, courseId: string, lessonId: string, input: LessonInput, now: Date): Promise<void> {
  const before = await lessonOrThrow(db, websiteId, courseId, lessonId);
  const values = await checkedLesson(db, websiteId, courseId, input, lessonId);
  let position = before.position;
  if (before.chapterId !== input.chapterId) {
    const [last] = await db
      .select({ max: sql<number | null>`max(${courseLessons.position})` })
      .from(courseLessons)
      .where(and(eq(courseLessons.websiteId, websiteId), eq(courseLessons.chapterId, input.chapterId)));
    position = Number(last?.max ?? -1) + 1;
  }
  await db
    .update(courseLessons)
    .set({ ...values, position, updatedAt: now })
    .where(and(eq(courseLessons.websiteId, websiteId), eq(courseLessons.id, lessonId)));
}

/** Deletes a lesson (its members' progress goes with it). */
export async function deleteLesson(db: DbOrTx, websiteId: string, courseId: string, lessonId: string): Promise<void> {
  await lessonOrThrow(db, websiteId, courseId, lessonId);
  await db.delete(courseLessons).where(and(eq(courseLessons.websiteId, websiteId), eq(courseLessons.id, lessonId)));
}

/** The library files of some ids, for a lesson's downloads (in the lesson's order; files since removed from the library are left out). */
export async function filesOf(db: DbOrTx, websiteId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: libraryFiles.id, name: libraryFiles.name, assetUrl: libraryFiles.assetUrl, bytes: libraryFiles.bytes })
    .from(libraryFiles)
    .where(and(eq(libraryFiles.websiteId, websiteId), inArray(libraryFiles.id, [...ids])));
  return ids.flatMap((id) => rows.filter((r) => r.id === id));
}
