import { and, asc, count, eq, sql } from 'drizzle-orm';
import { collections } from '../db/index.js';
import { courseLessons } from '../db/schema-courses.js';
import type { DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { findArea, gateCollectionBy, loadGateIndex } from '../member-areas/index.js';
import { CollectionType } from '../spec/index.js';
import { CourseMessages } from './messages.js';

/** A course's collection row. */
export type CourseRow = typeof collections.$inferSelect;

/** What an owner saves of a course (checked by its route schema). */
export interface CourseInput {
  title: string;
  urlId: string;
  description: string;
  memberAreaId: string | null;
  enabled: boolean;
}

/**
 * First path segments the storefront answers itself (the page router's reserved segments and
 * its fixed routes): a course cannot live there.
 */
const RESERVED_URL_IDS = new Set(['api', 'assets', 'static', 'cart', 'checkout', 'search', 'config', 'account', 'commerce', 'settings']);

/** The settings of every course collection: members only, so that nobody opens it unless an area gates it. */
const COURSE_SETTINGS = { access: 'members' } as const;

/** The site's courses, in navigation order. */
export async function listCourses(db: DbOrTx, websiteId: string): Promise<CourseRow[]> {
  return db
    .select()
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.type, CollectionType.COURSE)))
    .orderBy(asc(collections.displayIndex), asc(collections.createdAt), asc(collections.id));
}

/** One course of the site, or undefined. */
export async function findCourse(db: DbOrTx, websiteId: string, courseId: string): Promise<CourseRow | undefined> {
  const [row] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.id, courseId), eq(collections.type, CollectionType.COURSE)));
  return row;
}

/** One course of the site, or a 404. */
export async function courseOrThrow(db: DbOrTx, websiteId: string, courseId: string): Promise<CourseRow> {
  const row = await findCourse(db, websiteId, courseId);
  if (!row) throw new AppError('NOT_FOUND', CourseMessages.NOT_FOUND);
  return row;
}

/** The member area that gates each course (the first, when an owner added more in the Member areas screen). */
export async function courseAreas(db: DbOrTx, websiteId: string): Promise<Map<string, string>> {
  const index = await loadGateIndex(db, websiteId);
  return new Map([...index.collections].flatMap(([collectionId, areas]) => (areas[0] ? [[collectionId, areas[0]] as const] : [])));
}

/** Lessons per course of the site. */
export async function lessonCounts(db: DbOrTx, websiteId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ courseId: courseLessons.courseId, n: count() })
    .from(courseLessons)
    .where(eq(courseLessons.websiteId, websiteId))
    .groupBy(courseLessons.courseId);
  return new Map(rows.map((r) => [r.courseId, Number(r.n)]));
}

async function checkedInput(db: DbOrTx, websiteId: string, input: CourseInput, courseId?: string): Promise<void> {
  if (RESERVED_URL_IDS.has(input.urlId))
    throw new AppError('VALIDATION_FAILED', CourseMessages.URL_RESERVED, { body: { fields: { urlId: CourseMessages.URL_RESERVED } } });
  const [taken] = await db
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.urlId, input.urlId)));
  if (taken && taken.id !== courseId) throw new AppError('CONFLICT', CourseMessages.URL_TAKEN, { body: { fields: { urlId: CourseMessages.URL_TAKEN } } });
  if (input.memberAreaId && !(await findArea(db, websiteId, input.memberAreaId)))
    throw new AppError('VALIDATION_FAILED', CourseMessages.AREA_UNKNOWN, { body: { fields: { memberAreaId: CourseMessages.AREA_UNKNOWN } } });
}

/** Creates a course: a collection of type 25, members only, gated by its area. */
export async function createCourse(db: DbOrTx, websiteId: string, input: CourseInput): Promise<string> {
  await checkedInput(db, websiteId, input);
  const [next] = await db
    .select({ max: sql<number | null>`max(${collections.displayIndex})` })
    .from(collections)
    .where(eq(collections.websiteId, websiteId));
  const [row] = await db
    .insert(collections)
    .values({
      websiteId,
      type: CollectionType.COURSE,
      urlId: input.urlId,
      title: input.title,
      description: input.description,
      enabled: input.enabled,
      displayIndex: Number(next?.max ?? 0) + 1,
      settings: COURSE_SETTINGS,
    })
    .returning({ id: collections.id });
  await gateCollectionBy(db, websiteId, row!.id, input.memberAreaId ? [input.memberAreaId] : []);
  return row!.id;
}

/** Saves a course's title, URL, description, switch and area. */
export async function updateCourse(db: DbOrTx, websiteId: string, courseId: string, input: CourseInput, now: Date): Promise<void> {
  await courseOrThrow(db, websiteId, courseId);
  await checkedInput(db, websiteId, input, courseId);
  await db
    .update(collections)
    .set({
      urlId: input.urlId,
      title: input.title,
      description: input.description,
      enabled: input.enabled,
      settings: sql`${collections.settings} || ${JSON.stringify(COURSE_SETTINGS)}::jsonb`,
      version: sql`${collections.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(collections.websiteId, websiteId), eq(collections.id, courseId)));
  await gateCollectionBy(db, websiteId, courseId, input.memberAreaId ? [input.memberAreaId] : []);
}

/** Deletes a course with its chapters, lessons, progress and gates. */
export async function deleteCourse(db: DbOrTx, websiteId: string, courseId: string): Promise<void> {
  await courseOrThrow(db, websiteId, courseId);
  await gateCollectionBy(db, websiteId, courseId, []);
  await db.delete(collections).where(and(eq(collections.websiteId, websiteId), eq(collections.id, courseId)));
}
