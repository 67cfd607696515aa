import type { DbOrTx } from '../db/types.js';
import { PageType, RecordType } from '../spec/index.js';
import type { PageText } from '../translations/index.js';
import { coursePageLanguage, lessonTemplateTexts, type CoursePageLanguage, type CoursePageLanguageSource } from './course-page-language.js';
import { opensAtText, visitorCourse, type VisitorCourse, type VisitorLesson } from './course-view.js';
import { filesOf } from './lesson-repository.js';
import { CourseMessages } from './messages.js';
import { markOpened } from './progress-repository.js';
import { courseVisitorOf, type CourseVisitor } from './visitor.js';

/** What a course page needs of the page request (the page module's request satisfies it). */
export interface CoursePageRequest extends CoursePageLanguageSource {
  readonly db: DbOrTx;
  readonly site: { readonly id: string; readonly settings: { readonly locale: string; readonly timeZone: string; readonly languages?: unknown } };
  readonly cookies?: Readonly<Record<string, string | undefined>>;
  readonly crumb?: string;
  readonly now: Date;
  readonly query: Readonly<Record<string, string | undefined>>;
}

/** The course's collection row as the page module read it. */
export interface CourseCollection {
  readonly id: string;
  readonly urlId: string;
  readonly title: string;
}

/** What the page module lends a course page: the collection's context and its block renderer. */
export interface CoursePageTools {
  /** The `collection` object of the context (the page module's). */
  readonly collection: Record<string, unknown>;
  /** Resolves a lesson's blocks as a page's blocks are resolved. */
  readonly resolveBlocks: (blocks: readonly Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;
}

/** A course page ready to render (the page module's built page). */
export interface CoursePage {
  readonly status: number;
  readonly pageType: PageType;
  readonly templateName: string;
  readonly title: string;
  readonly context: Record<string, unknown>;
  readonly private?: boolean;
}

/** Where a course's progress calls and form posts go. */
export function progressPath(courseId: string, lessonId: string): string {
  return `/api/site-users/account/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}/progress`;
}

/** A lesson's URL on the site. */
export function lessonUrl(course: Pick<CourseCollection, 'urlId'>, slug: string): string {
  return `/${course.urlId}/${encodeURIComponent(slug)}`;
}

const STATE_TEXT = { complete: 'Complete', available: 'Available' } as const;

function stateText(lesson: VisitorLesson, req: CoursePageRequest, t: PageText): string {
  if (lesson.state !== 'locked') return t(STATE_TEXT[lesson.state]);
  const { opensAt } = lesson.release as { opensAt: Date | null };
  if (opensAt) return t('Locked until {date}', { date: opensAtText(opensAt, req.site) });
  return t('Opens {days} days after you join', { days: String(lesson.row.dripDays) });
}

function lessonSummary(course: CourseCollection, lesson: VisitorLesson, req: CoursePageRequest, resumeId: string | undefined, lang: CoursePageLanguage) {
  const opensAt = lesson.release.kind === 'locked' ? lesson.release.opensAt : null;
  return {
    id: lesson.row.id,
    recordType: RecordType.LESSON,
    title: lang.texts.lessonTitle(lesson.row.id, lesson.row.title),
    kind: lesson.row.kind,
    url: lang.path(lessonUrl(course, lesson.row.slug)),
    state: lesson.state,
    stateText: stateText(lesson, req, lang.t),
    complete: lesson.state === 'complete',
    locked: lesson.state === 'locked',
    resume: lesson.row.id === resumeId,
    ...(opensAt ? { opensAt: opensAt.toISOString(), opensAtText: opensAtText(opensAt, req.site) } : {}),
  };
}

function progressContext(view: VisitorCourse, t: PageText) {
  const total = view.lessons.length;
  const values = { completed: view.completedCount, total, percent: view.percent };
  return {
    completedCount: view.completedCount,
    lessonCount: total,
    percent: view.percent,
    label: t(total === 1 ? 'Course progress: {completed} of {total} lesson complete' : 'Course progress: {completed} of {total} lessons complete', {
      completed: view.completedCount,
      total,
    }),
    text: t(total === 1 ? '{completed} of {total} lesson complete ({percent}%)' : '{completed} of {total} lessons complete ({percent}%)', values),
  };
}

/** The course's collection context as its pages show it: the course kind picks the `course.list` and `course.item` templates. */
function courseCollection(tools: CoursePageTools): Record<string, unknown> {
  return { ...tools.collection, typeName: 'course', recordType: RecordType.COURSE_ITEM };
}

/**
 * The course overview at `/{course}` for a visitor the access rule let in: chapters and lessons
 * with each lesson's state (complete, available, locked until a date in the site's time zone and
 * locale), the overall progress and where to resume. Private: it shows one member's progress.
 * In another language than the site's primary one, the chapters' and lessons' titles are their
 * translations (the primary language's where none is stored) and every link stays in that language.
 */
export async function courseOverviewPage(req: CoursePageRequest, course: CourseCollection, tools: CoursePageTools): Promise<CoursePage> {
  const visitor = await courseVisitorOf(req.db, req.site.id, req.cookies, req.now);
  const view = await visitorCourse(req.db, req.site.id, course.id, visitor?.siteUserId, req.now);
  const resumeId = view.progress.resumeLessonId;
  const resume = view.lessons.find((l) => l.row.id === resumeId && l.state !== 'locked') ?? view.lessons.find((l) => l.state === 'available');
  const lang = coursePageLanguage(req);
  const { t, texts } = lang;
  return {
    status: 200,
    pageType: PageType.MAIN_CONTENT,
    templateName: 'course.list',
    title: course.title,
    private: true,
    context: {
      collection: courseCollection(tools),
      course: {
        id: course.id,
        title: course.title,
        url: lang.path(`/${course.urlId}`),
        signedIn: visitor !== undefined,
        signIn: visitor ? undefined : { url: lang.path('/account/login'), text: t('Sign in to keep your progress.') },
        progress: progressContext(view, t),
        resume: resume ? resumeContext(course, resume, resumeId !== undefined, lang) : undefined,
        chapters: view.chapters.map((chapter) => ({
          id: chapter.id,
          recordType: RecordType.COURSE_ITEM,
          title: texts.chapterTitle(chapter.id, chapter.title),
          lessons: view.lessons.filter((l) => l.row.chapterId === chapter.id).map((l) => lessonSummary(course, l, req, resumeId, lang)),
        })),
      },
    },
  };
}

function resumeContext(course: CourseCollection, lesson: VisitorLesson, resumes: boolean, lang: CoursePageLanguage) {
  const title = lang.texts.lessonTitle(lesson.row.id, lesson.row.title);
  return { title, url: lang.path(lessonUrl(course, lesson.row.slug)), text: lang.t(resumes ? 'Resume: {lesson}' : 'Start: {lesson}', { lesson: title }) };
}

function formContext(course: CourseCollection, lesson: VisitorLesson, req: CoursePageRequest, visitor: CourseVisitor | undefined, lang: CoursePageLanguage) {
  if (!visitor) return undefined;
  const complete = lesson.state === 'complete';
  return {
    action: progressPath(course.id, lesson.row.id),
    crumb: req.crumb ?? '',
    xsrfToken: visitor.xsrfToken,
    completed: complete ? 'false' : 'true',
    // The form's answer goes back to the lesson in the page's language (empty: the primary language).
    language: lang.code ?? '',
    buttonText: lang.t(complete ? CourseMessages.MARK_INCOMPLETE : CourseMessages.MARK_COMPLETE),
  };
}

/** The video of a lesson as a video block: shown as the block's placeholder link, nothing loads from its host until the visitor goes there. */
function videoBlock(url: string, title: string): Record<string, unknown> {
  return { typeName: 'video', url, title };
}

/**
 * A lesson page at `/{course}/{lesson}` for a visitor the access rule let in, or undefined when
 * the course has no such lesson. A lesson before its release shows when it opens and nothing of
 * its content (also in its JSON); an open one shows its video, blocks and downloads, the
 * previous and next lessons and the "Mark as complete" form (a plain form post), and becomes
 * where the member resumes. In another language, its title, chapter title, block texts and
 * download labels are their translations where stored, and the template's own texts and every
 * link are in that language.
 */
export async function lessonPage(req: CoursePageRequest, course: CourseCollection, slug: string, tools: CoursePageTools): Promise<CoursePage | undefined> {
  const visitor = await courseVisitorOf(req.db, req.site.id, req.cookies, req.now);
  const view = await visitorCourse(req.db, req.site.id, course.id, visitor?.siteUserId, req.now);
  const index = view.lessons.findIndex((l) => l.row.slug === slug);
  const lesson = view.lessons[index];
  if (!lesson) return undefined;
  const lang = coursePageLanguage(req);
  const { t, texts } = lang;
  const neighbour = (l: VisitorLesson | undefined) =>
    l ? { title: texts.lessonTitle(l.row.id, l.row.title), url: lang.path(lessonUrl(course, l.row.slug)), locked: l.state === 'locked' } : undefined;
  const summary = lessonSummary(course, lesson, req, undefined, lang);
  const opensAt = lesson.release.kind === 'locked' ? lesson.release.opensAt : null;
  const base = {
    id: lesson.row.id,
    recordType: RecordType.LESSON,
    title: summary.title,
    kind: lesson.row.kind,
    chapterTitle: texts.chapterTitle(lesson.row.chapterId, lesson.chapterTitle),
    url: summary.url,
    state: summary.state,
    stateText: summary.stateText,
    complete: summary.complete,
    locked: summary.locked,
    opensAtText: summary.opensAtText,
    ...(lesson.state === 'locked'
      ? {
          lockedText: opensAt
            ? t('This lesson opens on {date}. Come back then.', { date: opensAtText(opensAt, req.site) })
            : t('This lesson opens a few days after you join. Come back then.'),
        }
      : {}),
  };
  let content: Record<string, unknown> = {};
  if (lesson.state !== 'locked') {
    const stored = [...(lesson.row.videoUrl ? [videoBlock(lesson.row.videoUrl, summary.title)] : []), ...texts.lessonBlocks(lesson.row.id, lesson.row.body)];
    const [blocks, files] = await Promise.all([tools.resolveBlocks(stored), filesOf(req.db, req.site.id, lesson.row.fileIds)]);
    content = {
      blocks,
      downloads: files.map((f) => ({ name: texts.downloadName(lesson.row.id, f.id, f.name), url: f.assetUrl, sizeText: lang.sizeText(f.bytes) })),
      form: formContext(course, lesson, req, visitor, lang),
    };
    if (visitor) await markOpened(req.db, { websiteId: req.site.id, siteUserId: visitor.siteUserId, courseId: course.id, lessonId: lesson.row.id }, req.now);
  }
  const marked =
    req.query.marked === 'complete' ? t(CourseMessages.MARKED_COMPLETE) : req.query.marked === 'incomplete' ? t(CourseMessages.MARKED_INCOMPLETE) : undefined;
  return {
    status: 200,
    pageType: PageType.ITEM,
    templateName: 'course.item',
    title: summary.title,
    private: true,
    context: {
      collection: courseCollection(tools),
      // The item's address is the primary language's: the page's head and links put it in the page's language.
      item: { id: lesson.row.id, recordType: RecordType.LESSON, title: summary.title, fullUrl: lessonUrl(course, lesson.row.slug) },
      course: { id: course.id, title: course.title, url: lang.path(`/${course.urlId}`), signedIn: visitor !== undefined, progress: progressContext(view, t) },
      lesson: { ...base, ...content, notice: marked },
      render: {
        previous: neighbour(view.lessons[index - 1]),
        next: neighbour(view.lessons[index + 1]),
        texts: lessonTemplateTexts(t),
      },
    },
  };
}
