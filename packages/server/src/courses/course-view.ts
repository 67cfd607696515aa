import type { DbOrTx } from '../db/types.js';
import { releaseOf, type Release } from './drip.js';
import { courseOutline, type ChapterWithLessons, type LessonRow } from './lesson-repository.js';
import { NO_PROGRESS, progressOf, type CourseProgress } from './progress-repository.js';
import { areasOfCourse, joinedCourseAt } from './visitor.js';

/** A lesson's state for one visitor. */
export type LessonState = 'complete' | 'available' | 'locked';

/** A lesson as one visitor sees it in the outline. */
export interface VisitorLesson {
  row: LessonRow;
  chapterTitle: string;
  release: Release;
  state: LessonState;
}

/** A course as one visitor sees it: its lessons in reading order, their states and the visitor's progress. */
export interface VisitorCourse {
  chapters: ChapterWithLessons[];
  lessons: VisitorLesson[];
  progress: CourseProgress;
  completedCount: number;
  percent: number;
  joinedAt: Date | undefined;
}

/** The course's outline with each lesson's release and state for the visitor (`siteUserId` undefined: a guest). */
export async function visitorCourse(db: DbOrTx, websiteId: string, courseId: string, siteUserId: string | undefined, now: Date): Promise<VisitorCourse> {
  const [chapters, progress, joinedAt] = await Promise.all([
    courseOutline(db, websiteId, courseId),
    siteUserId ? progressOf(db, websiteId, siteUserId, courseId) : Promise.resolve(NO_PROGRESS),
    siteUserId ? areasOfCourse(db, websiteId, courseId).then((areas) => joinedCourseAt(db, websiteId, siteUserId, areas)) : Promise.resolve(undefined),
  ]);
  const lessons = chapters.flatMap((chapter) =>
    chapter.lessons.map((row): VisitorLesson => {
      const release = releaseOf(row, joinedAt, now);
      const state: LessonState = release.kind === 'locked' ? 'locked' : progress.completed.has(row.id) ? 'complete' : 'available';
      return { row, chapterTitle: chapter.title, release, state };
    }),
  );
  const completedCount = lessons.filter((l) => l.state === 'complete').length;
  const percent = lessons.length ? Math.round((completedCount / lessons.length) * 100) : 0;
  return { chapters, lessons, progress, completedCount, percent, joinedAt };
}

/** When a locked lesson opens, in the site's time zone and locale ("December 5, 2026 at 10:00 AM"). */
export function opensAtText(opensAt: Date, site: { settings: { locale: string; timeZone: string } }): string {
  const locale = site.settings.locale.replace(/_/g, '-');
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: site.settings.timeZone }).format(opensAt);
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(opensAt);
  }
}
