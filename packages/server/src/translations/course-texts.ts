import { and, asc, eq, inArray } from 'drizzle-orm';
import { collections, type DbOrTx } from '../db/index.js';
import { courseChapters, courseLessons } from '../db/schema-courses.js';
import { libraryFiles } from '../db/schema-library-files.js';
import { siteLanguagesOf } from '../multilingual/index.js';
import { cleanOwnerHtml } from '../rich-text/index.js';
import { CollectionType } from '../spec/index.js';
import type { PageTextSource } from './page-system-text.js';
import { BLOCK_TEXT_FIELDS, type SourceText, textKey } from './subjects.js';

/** The subject type of a course's chapters and lessons (keyed by the chapter's or the lesson's id). */
export const COURSE_SUBJECT = 'course';

/** The field of a lesson's block text (`block:0:html`): its place in the lesson's body and the block's field. */
export function lessonBlockField(index: number, field: string): string {
  return `block:${index}:${field}`;
}

/** The field of a lesson's download label (`download:{file id}`): one per file of the lesson. */
export function lessonDownloadField(fileId: string): string {
  return `download:${fileId}`;
}

/**
 * Every course's texts that members read: each chapter's title, each lesson's title, its body's
 * block texts and the labels of its downloads (the library files' names), course by course in
 * navigation order, chapters and lessons in the course's order. The course's own title and
 * description are its page's (`collection`).
 */
export async function readCourseSourceTexts(db: DbOrTx, websiteId: string): Promise<SourceText[]> {
  const courses = await db
    .select({ id: collections.id, title: collections.title })
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.type, CollectionType.COURSE)))
    .orderBy(asc(collections.displayIndex), asc(collections.createdAt), asc(collections.id));
  if (courses.length === 0) return [];
  const [chapters, lessons] = await Promise.all([
    db
      .select({ id: courseChapters.id, courseId: courseChapters.courseId, title: courseChapters.title })
      .from(courseChapters)
      .where(eq(courseChapters.websiteId, websiteId))
      .orderBy(asc(courseChapters.position), asc(courseChapters.createdAt)),
    db
      .select({
        id: courseLessons.id,
        chapterId: courseLessons.chapterId,
        title: courseLessons.title,
        body: courseLessons.body,
        fileIds: courseLessons.fileIds,
      })
      .from(courseLessons)
      .where(eq(courseLessons.websiteId, websiteId))
      .orderBy(asc(courseLessons.position), asc(courseLessons.createdAt)),
  ]);
  const fileIds = [...new Set(lessons.flatMap((l) => l.fileIds))];
  const files = fileIds.length
    ? await db
        .select({ id: libraryFiles.id, name: libraryFiles.name })
        .from(libraryFiles)
        .where(and(eq(libraryFiles.websiteId, websiteId), inArray(libraryFiles.id, fileIds)))
    : [];
  const fileNames = new Map(files.map((f) => [f.id, f.name]));
  const out: SourceText[] = [];
  const add = (subjectId: string, field: string, label: string, text: unknown) => {
    if (typeof text === 'string' && text.trim()) out.push({ subjectType: COURSE_SUBJECT, subjectId, field, label, text });
  };
  for (const course of courses) {
    for (const chapter of chapters.filter((c) => c.courseId === course.id)) {
      add(chapter.id, 'title', `${course.title} › ${chapter.title} (chapter)`, chapter.title);
      for (const lesson of lessons.filter((l) => l.chapterId === chapter.id)) {
        const label = `${course.title} › ${lesson.title} (lesson)`;
        add(lesson.id, 'title', label, lesson.title);
        lesson.body.forEach((block, index) => {
          if (!block || typeof block !== 'object') return;
          for (const field of BLOCK_TEXT_FIELDS) add(lesson.id, lessonBlockField(index, field), label, (block as Record<string, unknown>)[field]);
        });
        for (const fileId of new Set(lesson.fileIds)) add(lesson.id, lessonDownloadField(fileId), label, fileNames.get(fileId));
      }
    }
  }
  return out;
}

/** A course's texts in a page's language: each the translation where one is stored (stale or not), else the text as written. */
export interface CourseTexts {
  chapterTitle(chapterId: string, title: string): string;
  lessonTitle(lessonId: string, title: string): string;
  /** The lesson's body blocks with their translated texts (translated HTML cleaned like the owner's); the blocks themselves when none applies. */
  lessonBlocks(lessonId: string, blocks: readonly Record<string, unknown>[]): readonly Record<string, unknown>[];
  downloadName(lessonId: string, fileId: string, name: string): string;
}

const AS_WRITTEN: CourseTexts = Object.freeze({
  chapterTitle: (_id: string, title: string) => title,
  lessonTitle: (_id: string, title: string) => title,
  lessonBlocks: (_id: string, blocks: readonly Record<string, unknown>[]) => blocks,
  downloadName: (_lesson: string, _file: string, name: string) => name,
});

/**
 * The course texts of a page: in a language other than the site's primary one, the owner's
 * translations of chapter titles and lessons' titles, block texts and download labels; what has
 * no translation stays in the primary language, never empty.
 */
export function courseTextsOf(page: PageTextSource): CourseTexts {
  const code = page.language?.code;
  const texts = page.translations?.texts;
  if (!code || !texts || texts.size === 0 || code === siteLanguagesOf(page.site.settings).primary.code) return AS_WRITTEN;
  const get = (id: string, field: string) => texts.get(textKey(COURSE_SUBJECT, id, field));
  return {
    chapterTitle: (id, title) => get(id, 'title') ?? title,
    lessonTitle: (id, title) => get(id, 'title') ?? title,
    lessonBlocks(id, blocks) {
      let out: Record<string, unknown>[] | undefined;
      blocks.forEach((block, index) => {
        let copy: Record<string, unknown> | undefined;
        for (const field of BLOCK_TEXT_FIELDS) {
          const text = typeof block[field] === 'string' ? get(id, lessonBlockField(index, field)) : undefined;
          if (text === undefined) continue;
          copy ??= { ...block };
          copy[field] = field === 'html' ? cleanOwnerHtml(text) : text;
        }
        if (!copy) return;
        out ??= blocks.slice();
        out[index] = copy;
      });
      return out ?? blocks;
    },
    downloadName: (lessonId, fileId, name) => get(lessonId, lessonDownloadField(fileId)) ?? name,
  };
}
