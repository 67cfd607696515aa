import { courseTextsOf, pageTextOf, type CourseTexts, type PageText, type PageTextSource, type TextTranslations } from '../translations/index.js';

/** What a course page knows of its language (the page request satisfies it). */
export interface CoursePageLanguageSource extends PageTextSource {
  readonly site: { readonly settings: { readonly locale: string; readonly languages?: unknown } };
  readonly language?: { readonly code: string; readonly prefix: string };
  readonly translations?: { readonly texts: TextTranslations; readonly localizer: { pathIn(prefix: string, path: string): string } };
}

/** A course page's language: its system texts, the course's translated texts and its paths. */
export interface CoursePageLanguage {
  /** The page language's code, when it is not the site's primary language (the progress form sends it, so its answer comes back in it). */
  readonly code: string | undefined;
  readonly t: PageText;
  readonly texts: CourseTexts;
  /** A site path (`/course/welcome`) in the page's language (`/fr/course/welcome`, translated slugs). */
  path(path: string): string;
  /** A download's size (`1,5 Mo` in French). */
  sizeText(bytes: number): string;
}

/** The language of a course page: the system texts and course texts of its language (the primary language's as written), its paths under the language's prefix. */
export function coursePageLanguage(req: CoursePageLanguageSource): CoursePageLanguage {
  const t = pageTextOf(req);
  const prefix = req.language?.prefix ?? '';
  const localizer = req.translations?.localizer;
  const locale = req.site.settings.locale.replace(/_/g, '-');
  const number = (value: number, digits: number) => {
    try {
      return new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value);
    } catch {
      return value.toFixed(digits);
    }
  };
  return {
    code: prefix ? req.language?.code : undefined,
    t,
    texts: courseTextsOf(req),
    path: (path) => (prefix && localizer ? localizer.pathIn(prefix, path) : path),
    sizeText: (bytes) =>
      bytes >= 1_000_000 ? t('{size} MB', { size: number(bytes / 1_000_000, 1) }) : t('{size} KB', { size: number(Math.max(1, Math.round(bytes / 1000)), 0) }),
  };
}

/** The texts the lesson template prints around the lesson (its navigation and the downloads' heading), in the page's language. */
export function lessonTemplateTexts(t: PageText): Record<string, string> {
  return {
    lessons: t('Lessons'),
    previousLesson: t('Previous lesson'),
    nextLesson: t('Next lesson'),
    course: t('Course'),
    allLessons: t('All lessons'),
    downloads: t('Downloads'),
  };
}
