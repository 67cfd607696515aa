/**
 * Courses: a course is a collection of type 25 gated by a member area, holding chapters (course
 * items, record type 63) and lessons (record type 62: video, text or downloads, with blocks,
 * files of the library and a drip release by date or days after joining). Members' progress
 * (complete or not, where to resume) is kept per site user. The page module renders the
 * overview and lesson pages with the builders exported here; the owner builds courses through
 * /api/owner/courses.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerCourseOwnerRoutes } from './owner-routes.js';
import { registerCourseProgressRoutes } from './progress-routes.js';

/** Registers the owner's course calls and the members' progress calls. */
export function registerCourses(app: FastifyInstance, deps: AppDeps): void {
  registerCourseOwnerRoutes(app, deps);
  registerCourseProgressRoutes(app, deps);
}

export {
  courseOverviewPage,
  lessonPage,
  lessonUrl,
  progressPath,
  type CourseCollection,
  type CoursePage,
  type CoursePageRequest,
  type CoursePageTools,
} from './course-pages.js';
export { createCourse, type CourseInput } from './course-repository.js';
export { addChapter, addLesson, type LessonInput } from './lesson-repository.js';
export { releaseOf, type DripRule, type Release } from './drip.js';
export { CourseMessages, MAX_CHAPTERS_PER_COURSE, MAX_LESSONS_PER_COURSE } from './messages.js';
export { COURSE_BODY_LIMIT, OWNER_COURSES_PATH } from './owner-routes.js';
