import { and, eq, sql } from 'drizzle-orm';
import { courseProgress } from '../db/schema-courses.js';
import type { DbOrTx } from '../db/types.js';

/** A member's progress in one course: completed lessons and the lesson to resume. */
export interface CourseProgress {
  completed: ReadonlySet<string>;
  /** The lesson the member opened last, if any. */
  resumeLessonId: string | undefined;
}

/** No progress (a guest, or a member who has opened nothing yet). */
export const NO_PROGRESS: CourseProgress = Object.freeze({ completed: new Set<string>(), resumeLessonId: undefined });

/** A member's progress in a course (one statement). */
export async function progressOf(db: DbOrTx, websiteId: string, siteUserId: string, courseId: string): Promise<CourseProgress> {
  const rows = await db
    .select({ lessonId: courseProgress.lessonId, completedAt: courseProgress.completedAt, openedAt: courseProgress.openedAt })
    .from(courseProgress)
    .where(and(eq(courseProgress.websiteId, websiteId), eq(courseProgress.siteUserId, siteUserId), eq(courseProgress.courseId, courseId)));
  let resume: { id: string; at: number } | undefined;
  for (const row of rows) {
    const at = row.openedAt?.getTime();
    if (at !== undefined && (!resume || at > resume.at)) resume = { id: row.lessonId, at };
  }
  return { completed: new Set(rows.filter((r) => r.completedAt !== null).map((r) => r.lessonId)), resumeLessonId: resume?.id };
}

interface ProgressKey {
  websiteId: string;
  siteUserId: string;
  courseId: string;
  lessonId: string;
}

/** Records that a member opened a lesson now (where they resume). */
export async function markOpened(db: DbOrTx, key: ProgressKey, now: Date): Promise<void> {
  await db
    .insert(courseProgress)
    .values({ ...key, openedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [courseProgress.websiteId, courseProgress.siteUserId, courseProgress.lessonId],
      set: { openedAt: now, updatedAt: now },
    });
}

/** Marks a lesson complete (keeping the first completion time) or not complete. */
export async function setCompleted(db: DbOrTx, key: ProgressKey, completed: boolean, now: Date): Promise<void> {
  await db
    .insert(courseProgress)
    .values({ ...key, completedAt: completed ? now : null, openedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [courseProgress.websiteId, courseProgress.siteUserId, courseProgress.lessonId],
      set: { completedAt: completed ? sql`coalesce(${courseProgress.completedAt}, ${now})` : null, updatedAt: now },
    });
}
