import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/index.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { decideAccess, loadGateIndex, visitorAreaIds } from '../member-areas/index.js';
import { siteLanguagesOf } from '../multilingual/index.js';
import { siteOf, type Website } from '../sites/index.js';
import { sessionOf, signedInGuard, type SiteUserDeps } from '../site-users/index.js';
import { pathLocalizer, readSlugRows } from '../translations/index.js';
import { lessonUrl, progressPath } from './course-pages.js';
import { courseOrThrow, type CourseRow } from './course-repository.js';
import { visitorCourse } from './course-view.js';
import { CourseMessages } from './messages.js';
import { setCompleted } from './progress-repository.js';
import { CourseParams, CourseProgressView, LessonParams, ProgressBody, ProgressView } from './schemas.js';

/** The course must be open on the site and the member must hold an area that opens it (403 otherwise, as its pages answer 106). */
async function openCourse(deps: AppDeps, request: FastifyRequest, courseId: string, now: Date): Promise<CourseRow> {
  const site = siteOf(request);
  const course = await courseOrThrow(deps.db, site.id, courseId);
  if (!course.enabled) throw new AppError('NOT_FOUND', CourseMessages.NOT_FOUND);
  const index = await loadGateIndex(deps.db, site.id);
  const target = { collectionId: course.id, membersOnly: true };
  const held = await visitorAreaIds(deps.db, site.id, request.cookies, now);
  if (decideAccess(index, target, held).kind === 'denied') throw new AppError('FORBIDDEN', CourseMessages.NOT_A_MEMBER);
  return course;
}

/** The lesson's address in the published language `code` (translated slugs; its own domain when it has one), else the primary language's. */
async function lessonPathIn(deps: AppDeps, site: Website, course: CourseRow, slug: string, code: string | undefined): Promise<string> {
  const path = lessonUrl(course, slug);
  const languages = siteLanguagesOf(site.settings);
  const language = code ? languages.all.find((l) => l.code === code && l.published && !l.primary) : undefined;
  if (!language) return path;
  return pathLocalizer(languages, await readSlugRows(deps.db, site.id)).pathIn(language.prefix, path);
}

function isFormPost(request: FastifyRequest): boolean {
  return String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

/**
 * Registers a member's course progress calls on the site: read the progress of a course, and
 * mark a lesson complete or not complete. Both need the member's session; the change also the
 * crumb and the session's XSRF token (the `X-SiteUser-XSRF-Token` header, or the `xsrfToken`
 * field of the lesson page's form, which is answered with a redirect back to the lesson).
 */
export function registerCourseProgressRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = deps.now ?? (() => new Date());
  const siteUserDeps: SiteUserDeps = { db: deps.db, config: deps.config, now, mailQueued: () => {}, pageFallbacks: deps.pageFallbacks };
  const tags = ['site users', 'courses'];

  routes.get(
    '/api/site-users/account/courses/:courseId/progress',
    {
      preValidation: signedInGuard(siteUserDeps, { xsrf: false }),
      schema: { tags, summary: "The signed-in member's progress in a course", params: CourseParams, response: withErrors({ 200: CourseProgressView }) },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const at = now();
      const course = await openCourse(deps, request, request.params.courseId, at);
      const view = await visitorCourse(deps.db, user.websiteId, course.id, user.id, at);
      reply.header('cache-control', 'no-store');
      return {
        courseId: course.id,
        completedLessons: view.completedCount,
        totalLessons: view.lessons.length,
        percent: view.percent,
        resumeLessonId: view.progress.resumeLessonId ?? null,
        lessons: view.lessons.map((l) => ({
          id: l.row.id,
          state: l.state,
          opensAt: l.release.kind === 'locked' && l.release.opensAt ? l.release.opensAt.toISOString() : null,
        })),
      };
    },
  );

  routes.post(
    '/api/site-users/account/courses/:courseId/lessons/:lessonId/progress',
    {
      bodyLimit: 4096,
      preValidation: signedInGuard(siteUserDeps, { xsrf: true }),
      schema: {
        tags,
        summary: 'Marks a lesson complete or not complete for the signed-in member (JSON, or the lesson page’s form: then a redirect back)',
        params: LessonParams,
        body: ProgressBody,
        response: withErrors({ 200: ProgressView, 303: z.null().describe('Back to the lesson (form posts)') }),
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const at = now();
      const course = await openCourse(deps, request, request.params.courseId, at);
      const before = await visitorCourse(deps.db, user.websiteId, course.id, user.id, at);
      const lesson = before.lessons.find((l) => l.row.id === request.params.lessonId);
      if (!lesson) throw new AppError('NOT_FOUND', CourseMessages.LESSON_NOT_FOUND);
      if (lesson.state === 'locked') throw new AppError('FORBIDDEN', CourseMessages.LESSON_LOCKED);
      const completed = request.body.completed === true || request.body.completed === 'true';
      await setCompleted(deps.db, { websiteId: user.websiteId, siteUserId: user.id, courseId: course.id, lessonId: lesson.row.id }, completed, at);
      reply.header('cache-control', 'no-store');
      if (isFormPost(request)) {
        const back = await lessonPathIn(deps, siteOf(request), course, lesson.row.slug, request.body.language);
        return reply.redirect(`${back}?marked=${completed ? 'complete' : 'incomplete'}`, 303);
      }
      const after = await visitorCourse(deps.db, user.websiteId, course.id, user.id, at);
      return {
        courseId: course.id,
        lessonId: lesson.row.id,
        completed,
        completedLessons: after.completedCount,
        totalLessons: after.lessons.length,
        percent: after.percent,
        message: completed ? CourseMessages.MARKED_COMPLETE : CourseMessages.MARKED_INCOMPLETE,
      };
    },
  );
}
