import type { ChapterView, CourseFields, CourseList, CourseView, LessonFields, LessonView } from '@emporium/server/courses/schemas';
import { api } from '../../api/http.js';

/** A course as the owner reads it, with its chapters and lessons. */
export type Course = (typeof CourseView)['_zod']['output'];
/** A course of the list. */
export type CourseSummary = (typeof CourseList)['_zod']['output']['courses'][number];
/** The list of courses with the site's member areas. */
export type Courses = (typeof CourseList)['_zod']['output'];
/** A chapter with its lessons. */
export type Chapter = (typeof ChapterView)['_zod']['output'];
/** A lesson as the owner reads it. */
export type Lesson = (typeof LessonView)['_zod']['output'];
/** What the course form sends (the server's own body schema). */
export type CourseBody = (typeof CourseFields)['_zod']['input'];
/** What the lesson form sends. */
export type LessonBody = (typeof LessonFields)['_zod']['input'];

/** The course calls (packages/server/src/courses/owner-routes.ts). */
export const COURSES_PATH = '/api/owner/courses';

/** One course's path. */
export const coursePath = (id: string) => `${COURSES_PATH}/${encodeURIComponent(id)}`;

/** Creates a course. */
export function createCourse(body: CourseBody): Promise<Course> {
  return api<Course>(COURSES_PATH, { method: 'POST', body });
}

/** Saves a course's title, URL, description, area and switch. */
export function saveCourse(id: string, body: CourseBody): Promise<Course> {
  return api<Course>(coursePath(id), { method: 'PUT', body });
}

/** Deletes a course with its lessons and its members' progress. */
export function deleteCourse(id: string): Promise<{ deleted: true }> {
  return api<{ deleted: true }>(coursePath(id), { method: 'DELETE' });
}

/** Adds a chapter at the end. */
export function addChapter(courseId: string, title: string): Promise<Course> {
  return api<Course>(`${coursePath(courseId)}/chapters`, { method: 'POST', body: { title } });
}

/** Renames a chapter. */
export function renameChapter(courseId: string, chapterId: string, title: string): Promise<Course> {
  return api<Course>(`${coursePath(courseId)}/chapters/${encodeURIComponent(chapterId)}`, { method: 'PUT', body: { title } });
}

/** Deletes a chapter and its lessons. */
export function deleteChapter(courseId: string, chapterId: string): Promise<Course> {
  return api<Course>(`${coursePath(courseId)}/chapters/${encodeURIComponent(chapterId)}`, { method: 'DELETE' });
}

/** Puts the chapters in a new order. */
export function orderChapters(courseId: string, ids: string[]): Promise<Course> {
  return api<Course>(`${coursePath(courseId)}/chapters/order`, { method: 'PUT', body: { ids } });
}

/** Puts a chapter's lessons in a new order. */
export function orderLessons(courseId: string, chapterId: string, ids: string[]): Promise<Course> {
  return api<Course>(`${coursePath(courseId)}/chapters/${encodeURIComponent(chapterId)}/lessons/order`, { method: 'PUT', body: { ids } });
}

/** Adds a lesson at the end of its chapter. */
export function addLesson(courseId: string, body: LessonBody): Promise<Course> {
  return api<Course>(`${coursePath(courseId)}/lessons`, { method: 'POST', body });
}

/** Saves a lesson. */
export function saveLesson(courseId: string, lessonId: string, body: LessonBody): Promise<Course> {
  return api<Course>(`${coursePath(courseId)}/lessons/${encodeURIComponent(lessonId)}`, { method: 'PUT', body });
}

/** Deletes a lesson. */
export function deleteLesson(courseId: string, lessonId: string): Promise<Course> {
  return api<Course>(`${coursePath(courseId)}/lessons/${encodeURIComponent(lessonId)}`, { method: 'DELETE' });
}

/** `ids` with the item at `index` moved by `by` places (clamped to the list). */
export function moved(ids: readonly string[], index: number, by: -1 | 1): string[] {
  const to = index + by;
  if (to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** How a lesson is released, as the screen says it. */
export function dripText(lesson: Pick<Lesson, 'drip'>): string {
  const drip = lesson.drip;
  if (drip.kind === 'date') return `Opens ${new Date(drip.at).toLocaleString()}`;
  if (drip.kind === 'days') return `Opens ${drip.days} ${drip.days === 1 ? 'day' : 'days'} after joining`;
  return 'Open at once';
}
