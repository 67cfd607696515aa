/**
 * The course calls' schemas. Pure zod (no server code), so the dashboard types its calls and
 * validates its forms with these very schemas (`@emporium/server/courses/schemas`).
 */
import { z } from 'zod';
import { MAX_FILES_PER_LESSON } from './messages.js';

const id = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/)
  .describe('An id');
const slug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, { error: 'Use lowercase letters, digits and dashes (at most 80).' });

/** Path parameters naming a course (its collection id). */
export const CourseParams = z.object({ courseId: id });
/** Path parameters naming a chapter of a course. */
export const ChapterParams = z.object({ courseId: id, chapterId: id });
/** Path parameters naming a lesson of a course. */
export const LessonParams = z.object({ courseId: id, lessonId: id });

/** What an owner saves of a course. */
export const CourseFields = z.strictObject({
  title: z.string().trim().min(1).max(200),
  urlId: slug.describe('The course’s URL: /{urlId}'),
  description: z.string().max(2000).default(''),
  memberAreaId: id.nullable().describe('The member area whose members open the course; null: nobody opens it yet'),
  enabled: z.boolean().default(true),
});

/** What an owner saves of a chapter. */
export const ChapterFields = z.strictObject({ title: z.string().trim().min(1).max(200) });

/** How a lesson is released. */
export const DripFields = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('date'), at: z.iso.datetime({ offset: true }).describe('When the lesson opens') }),
  z.strictObject({ kind: z.literal('days'), days: z.int().min(1).max(3650).describe('Days after the member joined the course’s member area') }),
]);

/** What an owner saves of a lesson; `body` is a page layout's blocks (checked and cleaned like a page's). */
export const LessonFields = z.strictObject({
  chapterId: id,
  title: z.string().trim().min(1).max(200),
  slug,
  kind: z.enum(['video', 'text', 'downloads']).default('text'),
  body: z
    .array(z.looseObject({ typeName: z.string() }))
    .max(60)
    .default([]),
  videoUrl: z
    .url({ protocol: /^https$/ })
    .max(2000)
    .nullable()
    .default(null),
  fileIds: z.array(id).max(MAX_FILES_PER_LESSON).default([]),
  drip: DripFields.default({ kind: 'none' }),
});

/** A new order of a list: every id of it once. */
export const OrderBody = z.strictObject({ ids: z.array(id).max(250) });

const Drip = z.union([
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('date'), at: z.string() }),
  z.object({ kind: z.literal('days'), days: z.number() }),
]);

/** A lesson as the owner reads it. */
export const LessonView = z.object({
  id: z.string(),
  recordType: z.literal(62),
  chapterId: z.string(),
  title: z.string(),
  slug: z.string(),
  kind: z.enum(['video', 'text', 'downloads']),
  body: z.array(z.record(z.string(), z.unknown())),
  videoUrl: z.string().nullable(),
  fileIds: z.array(z.string()),
  position: z.number(),
  drip: Drip,
  url: z.string(),
});

/** A chapter as the owner reads it, with its lessons in order. */
export const ChapterView = z.object({ id: z.string(), recordType: z.literal(63), title: z.string(), position: z.number(), lessons: z.array(LessonView) });

/** A course as the owner reads it. */
export const CourseView = z.object({
  id: z.string(),
  collectionType: z.literal(25),
  title: z.string(),
  urlId: z.string(),
  url: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  memberAreaId: z.string().nullable(),
  chapters: z.array(ChapterView),
  lessonCount: z.number(),
});

/** The site's courses (without their lessons' bodies). */
export const CourseList = z.object({
  courses: z.array(CourseView.omit({ chapters: true })),
  memberAreas: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** Answer of a delete. */
export const Deleted = z.object({ deleted: z.literal(true) });

/** A visitor's progress call: completed or not. */
export const ProgressBody = z.strictObject({
  completed: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .describe('true: mark the lesson complete; false: mark it not complete (a form post sends the text)'),
  xsrfToken: z.string().max(200).optional().describe('The session’s XSRF token (form posts; calls send X-SiteUser-XSRF-Token)'),
  crumb: z.string().max(200).optional().describe('The crumb (form posts; calls send X-CSRF-Token)'),
  language: z.string().max(35).optional().describe('The lesson page’s language (form posts): the answer goes back to the lesson in it'),
});

/** The visitor's progress in a course, lesson by lesson. */
export const CourseProgressView = z.object({
  courseId: z.string(),
  completedLessons: z.number(),
  totalLessons: z.number(),
  percent: z.number(),
  resumeLessonId: z.string().nullable(),
  lessons: z.array(z.object({ id: z.string(), state: z.enum(['complete', 'available', 'locked']), opensAt: z.string().nullable() })),
});

/** The visitor's progress in one course. */
export const ProgressView = z.object({
  courseId: z.string(),
  lessonId: z.string(),
  completed: z.boolean(),
  completedLessons: z.number(),
  totalLessons: z.number(),
  percent: z.number(),
  message: z.string(),
});
