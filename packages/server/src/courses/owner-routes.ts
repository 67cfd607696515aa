import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { BlockLayout } from '../blocks/index.js';
import type { DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { withErrors, type z, type ZodTypeProvider } from '../http/schemas.js';
import { listAreas } from '../member-areas/index.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { lessonUrl } from './course-pages.js';
import { courseAreas, courseOrThrow, createCourse, deleteCourse, lessonCounts, listCourses, updateCourse, type CourseRow } from './course-repository.js';
import {
  addChapter,
  addLesson,
  courseOutline,
  deleteChapter,
  deleteLesson,
  orderChapters,
  orderLessons,
  renameChapter,
  updateLesson,
  type LessonInput,
  type LessonRow,
} from './lesson-repository.js';
import { ChapterFields, ChapterParams, CourseFields, CourseList, CourseParams, CourseView, Deleted, LessonFields, LessonParams, OrderBody } from './schemas.js';

/** Path of the owner's course calls. */
export const OWNER_COURSES_PATH = '/api/owner/courses';
/** Largest body of a course call (a lesson's blocks included). */
export const COURSE_BODY_LIMIT = 256 * 1024;

const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'no-store, private');
};

function dripOf(row: LessonRow) {
  if (row.drip === 'date' && row.dripAt) return { kind: 'date' as const, at: row.dripAt.toISOString() };
  if (row.drip === 'days' && row.dripDays) return { kind: 'days' as const, days: row.dripDays };
  return { kind: 'none' as const };
}

function lessonView(course: CourseRow, row: LessonRow) {
  return {
    id: row.id,
    recordType: 62 as const,
    chapterId: row.chapterId,
    title: row.title,
    slug: row.slug,
    kind: row.kind,
    body: row.body,
    videoUrl: row.videoUrl,
    fileIds: row.fileIds,
    position: row.position,
    drip: dripOf(row),
    url: lessonUrl(course, row.slug),
  };
}

function summaryOf(course: CourseRow, areas: Map<string, string>, counts: Map<string, number>) {
  return {
    id: course.id,
    collectionType: 25 as const,
    title: course.title,
    urlId: course.urlId,
    url: `/${course.urlId}`,
    description: course.description,
    enabled: course.enabled,
    memberAreaId: areas.get(course.id) ?? null,
    lessonCount: counts.get(course.id) ?? 0,
  };
}

async function courseView(db: DbOrTx, websiteId: string, courseId: string) {
  const course = await courseOrThrow(db, websiteId, courseId);
  const [areas, counts, chapters] = await Promise.all([courseAreas(db, websiteId), lessonCounts(db, websiteId), courseOutline(db, websiteId, courseId)]);
  return {
    ...summaryOf(course, areas, counts),
    chapters: chapters.map((c) => ({
      id: c.id,
      recordType: 63 as const,
      title: c.title,
      position: c.position,
      lessons: c.lessons.map((l) => lessonView(course, l)),
    })),
  };
}

/** A lesson's fields with its body checked by the block kinds (each problem at its block's field). */
function lessonInput(body: z.infer<typeof LessonFields>): LessonInput {
  const blocks = BlockLayout.safeParse(body.body);
  if (!blocks.success) {
    const issue = blocks.error.issues[0];
    throw new AppError('VALIDATION_FAILED', issue?.message ?? 'Check the lesson’s blocks.', {
      body: { fields: { [['body', ...(issue?.path ?? [])].join('.')]: issue?.message ?? '' } },
    });
  }
  return { ...body, body: blocks.data as Record<string, unknown>[] };
}

/**
 * Registers the owner's course calls under /api/owner/courses: list, create, read, save and
 * delete courses; add, rename, order and delete chapters; add, save, order and delete lessons.
 * Courses are site content, so they need 'content:read'/'content:write', like pages and posts.
 */
export function registerCourseOwnerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = requireOwner(deps.db, deps.config.ownerToken, 'content:read');
  const write = requireOwner(deps.db, deps.config.ownerToken, 'content:write');
  const now = deps.now ?? (() => new Date());
  const tags = ['owner courses'];
  const one = `${OWNER_COURSES_PATH}/:courseId`;
  const changes = { bodyLimit: COURSE_BODY_LIMIT, onRequest: noStore, preValidation: write };
  const audited = async (request: FastifyRequest, action: string, subjectId: string, change: (tx: DbOrTx) => Promise<void>) =>
    deps.db.transaction(async (tx) => {
      await change(tx);
      await recordAudit(tx, request, { action: `courses.${action}`, subjectType: 'course', subjectId });
    });

  routes.get(
    OWNER_COURSES_PATH,
    { onRequest: noStore, preValidation: read, schema: { tags, summary: "The site's courses (owner)", response: withErrors({ 200: CourseList }) } },
    async (request) => {
      const site = siteOf(request);
      const [courses, areas, counts, memberAreas] = await Promise.all([
        listCourses(deps.db, site.id),
        courseAreas(deps.db, site.id),
        lessonCounts(deps.db, site.id),
        listAreas(deps.db, site.id),
      ]);
      return { courses: courses.map((c) => summaryOf(c, areas, counts)), memberAreas: memberAreas.map((a) => ({ id: a.id, name: a.name })) };
    },
  );
  routes.post(
    OWNER_COURSES_PATH,
    { ...changes, schema: { tags, summary: 'Creates a course (owner)', body: CourseFields, response: withErrors({ 201: CourseView }) } },
    async (request, reply) => {
      const site = siteOf(request);
      let id = '';
      await deps.db.transaction(async (tx) => {
        id = await createCourse(tx, site.id, request.body);
        await recordAudit(tx, request, { action: 'courses.create', subjectType: 'course', subjectId: id, detail: { title: request.body.title } });
      });
      return reply.code(201).send(await courseView(deps.db, site.id, id));
    },
  );
  routes.get(
    one,
    {
      onRequest: noStore,
      preValidation: read,
      schema: { tags, summary: 'One course with its chapters and lessons (owner)', params: CourseParams, response: withErrors({ 200: CourseView }) },
    },
    async (request) => courseView(deps.db, siteOf(request).id, request.params.courseId),
  );
  routes.put(
    one,
    { ...changes, schema: { tags, summary: 'Saves a course (owner)', params: CourseParams, body: CourseFields, response: withErrors({ 200: CourseView }) } },
    async (request) => {
      const site = siteOf(request);
      const { courseId } = request.params;
      await audited(request, 'update', courseId, (tx) => updateCourse(tx, site.id, courseId, request.body, now()));
      return courseView(deps.db, site.id, courseId);
    },
  );
  routes.delete(
    one,
    {
      onRequest: noStore,
      preValidation: write,
      schema: { tags, summary: 'Deletes a course with its lessons and progress (owner)', params: CourseParams, response: withErrors({ 200: Deleted }) },
    },
    async (request) => {
      const site = siteOf(request);
      const { courseId } = request.params;
      await audited(request, 'delete', courseId, (tx) => deleteCourse(tx, site.id, courseId));
      return { deleted: true as const };
    },
  );
  routes.post(
    `${one}/chapters`,
    { ...changes, schema: { tags, summary: 'Adds a chapter (owner)', params: CourseParams, body: ChapterFields, response: withErrors({ 201: CourseView }) } },
    async (request, reply) => {
      const site = siteOf(request);
      const { courseId } = request.params;
      await audited(request, 'chapter.add', courseId, async (tx) => {
        await courseOrThrow(tx, site.id, courseId);
        await addChapter(tx, site.id, courseId, request.body.title);
      });
      return reply.code(201).send(await courseView(deps.db, site.id, courseId));
    },
  );
  routes.put(
    `${one}/chapters/order`,
    { ...changes, schema: { tags, summary: 'Orders the chapters (owner)', params: CourseParams, body: OrderBody, response: withErrors({ 200: CourseView }) } },
    async (request) => {
      const site = siteOf(request);
      const { courseId } = request.params;
      await audited(request, 'chapter.order', courseId, async (tx) => {
        await courseOrThrow(tx, site.id, courseId);
        await orderChapters(tx, site.id, courseId, request.body.ids);
      });
      return courseView(deps.db, site.id, courseId);
    },
  );
  routes.put(
    `${one}/chapters/:chapterId`,
    {
      ...changes,
      schema: { tags, summary: 'Renames a chapter (owner)', params: ChapterParams, body: ChapterFields, response: withErrors({ 200: CourseView }) },
    },
    async (request) => {
      const site = siteOf(request);
      const { courseId, chapterId } = request.params;
      await audited(request, 'chapter.update', courseId, (tx) => renameChapter(tx, site.id, courseId, chapterId, request.body.title, now()));
      return courseView(deps.db, site.id, courseId);
    },
  );
  routes.delete(
    `${one}/chapters/:chapterId`,
    {
      onRequest: noStore,
      preValidation: write,
      schema: { tags, summary: 'Deletes a chapter and its lessons (owner)', params: ChapterParams, response: withErrors({ 200: CourseView }) },
    },
    async (request) => {
      const site = siteOf(request);
      const { courseId, chapterId } = request.params;
      await audited(request, 'chapter.delete', courseId, (tx) => deleteChapter(tx, site.id, courseId, chapterId));
      return courseView(deps.db, site.id, courseId);
    },
  );
  routes.put(
    `${one}/chapters/:chapterId/lessons/order`,
    {
      ...changes,
      schema: { tags, summary: 'Orders the lessons of a chapter (owner)', params: ChapterParams, body: OrderBody, response: withErrors({ 200: CourseView }) },
    },
    async (request) => {
      const site = siteOf(request);
      const { courseId, chapterId } = request.params;
      await audited(request, 'lesson.order', courseId, (tx) => orderLessons(tx, site.id, courseId, chapterId, request.body.ids));
      return courseView(deps.db, site.id, courseId);
    },
  );
  routes.post(
    `${one}/lessons`,
    {
      ...changes,
      schema: {
        tags,
        summary: 'Adds a lesson at the end of its chapter (owner)',
        params: CourseParams,
        body: LessonFields,
        response: withErrors({ 201: CourseView }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const { courseId } = request.params;
      const input = lessonInput(request.body);
      await audited(request, 'lesson.add', courseId, async (tx) => {
        await courseOrThrow(tx, site.id, courseId);
        await addLesson(tx, site.id, courseId, input);
      });
      return reply.code(201).send(await courseView(deps.db, site.id, courseId));
    },
  );
  routes.put(
    `${one}/lessons/:lessonId`,
    { ...changes, schema: { tags, summary: 'Saves a lesson (owner)', params: LessonParams, body: LessonFields, response: withErrors({ 200: CourseView }) } },
    async (request) => {
      const site = siteOf(request);
      const { courseId, lessonId } = request.params;
      const input = lessonInput(request.body);
      await audited(request, 'lesson.update', courseId, (tx) => updateLesson(tx, site.id, courseId, lessonId, input, now()));
      return courseView(deps.db, site.id, courseId);
    },
  );
  routes.delete(
    `${one}/lessons/:lessonId`,
    {
      onRequest: noStore,
      preValidation: write,
      schema: { tags, summary: 'Deletes a lesson (owner)', params: LessonParams, response: withErrors({ 200: CourseView }) },
    },
    async (request) => {
      const site = siteOf(request);
      const { courseId, lessonId } = request.params;
      await audited(request, 'lesson.delete', courseId, (tx) => deleteLesson(tx, site.id, courseId, lessonId));
      return courseView(deps.db, site.id, courseId);
    },
  );
}
