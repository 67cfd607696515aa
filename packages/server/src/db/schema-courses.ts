/**
 * Drizzle tables of courses (migration 0213): chapters and lessons of a course collection
 * (type 25) and each site user's progress. `schema.test.ts` checks that they agree with the SQL.
 */
import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt, websiteIdColumn } from './tables/columns.js';
import { collections } from './tables/content.js';
import { siteUsers } from './schema-site-users.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What a lesson mainly offers. */
export const LESSON_KINDS = ['video', 'text', 'downloads'] as const;
/** One of {@link LESSON_KINDS}. */
export type LessonKind = (typeof LESSON_KINDS)[number];
/** How a lesson is released: at once, on a date, or a number of days after the member joined. */
export const DRIP_KINDS = ['none', 'date', 'days'] as const;
/** One of {@link DRIP_KINDS}. */
export type DripKind = (typeof DRIP_KINDS)[number];

/** A chapter of a course (a course item, record type 63): a titled, ordered group of lessons. */
export const courseChapters = pgTable(
  'course_chapters',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    courseId: text('course_id').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('course_chapters_website_id_key').on(t.websiteId, t.id),
    foreignKey({ name: 'course_chapters_course_fk', columns: [t.websiteId, t.courseId], foreignColumns: [collections.websiteId, collections.id] }).onDelete(
      'cascade',
    ),
    index('course_chapters_course_idx').on(t.websiteId, t.courseId, t.position),
  ],
);

/** A lesson (record type 62) of a chapter: its content and its drip release. */
export const courseLessons = pgTable(
  'course_lessons',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    courseId: text('course_id').notNull(),
    chapterId: text('chapter_id').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    kind: text('kind').$type<LessonKind>().notNull().default('text'),
    body: jsonb('body').$type<Record<string, unknown>[]>().notNull().default(sql`'[]'::jsonb`),
    videoUrl: text('video_url'),
    fileIds: text('file_ids').array().notNull().default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
    drip: text('drip').$type<DripKind>().notNull().default('none'),
    dripAt: at('drip_at'),
    dripDays: integer('drip_days'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('course_lessons_website_id_key').on(t.websiteId, t.id),
    foreignKey({ name: 'course_lessons_course_fk', columns: [t.websiteId, t.courseId], foreignColumns: [collections.websiteId, collections.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'course_lessons_chapter_fk',
      columns: [t.websiteId, t.chapterId],
      foreignColumns: [courseChapters.websiteId, courseChapters.id],
    }).onDelete('cascade'),
    uniqueIndex('course_lessons_slug_key').on(t.websiteId, t.courseId, t.slug),
    index('course_lessons_chapter_idx').on(t.websiteId, t.chapterId, t.position),
  ],
);

/** A site user's progress in one lesson: completed (or not) and when they last opened it. */
export const courseProgress = pgTable(
  'course_progress',
  {
    websiteId: websiteIdColumn(),
    siteUserId: text('site_user_id').notNull(),
    lessonId: text('lesson_id').notNull(),
    courseId: text('course_id').notNull(),
    completedAt: at('completed_at'),
    openedAt: at('opened_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.siteUserId, t.lessonId] }),
    foreignKey({ name: 'course_progress_user_fk', columns: [t.websiteId, t.siteUserId], foreignColumns: [siteUsers.websiteId, siteUsers.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'course_progress_lesson_fk', columns: [t.websiteId, t.lessonId], foreignColumns: [courseLessons.websiteId, courseLessons.id] }).onDelete(
      'cascade',
    ),
    index('course_progress_course_idx').on(t.websiteId, t.siteUserId, t.courseId, t.openedAt.desc()),
  ],
);
