/** Texts of courses, shown to owners and visitors as written. */
export const CourseMessages = Object.freeze({
  NOT_FOUND: 'This course does not exist.',
  CHAPTER_NOT_FOUND: 'This chapter does not exist.',
  LESSON_NOT_FOUND: 'This lesson does not exist.',
  AREA_UNKNOWN: 'Choose a member area of this site to gate the course.',
  URL_TAKEN: 'Another page already uses this URL.',
  URL_RESERVED: 'This URL is reserved by the site. Choose another one.',
  SLUG_TAKEN: 'Another lesson of this course already uses this URL.',
  FILE_UNKNOWN: 'Downloads must be files of this site’s library.',
  ORDER_MISMATCH: 'The new order must name each item of the list exactly once.',
  TOO_MANY_LESSONS: 'A course holds at most 250 lessons.',
  TOO_MANY_CHAPTERS: 'A course holds at most 50 chapters.',
  LESSON_LOCKED: 'This lesson is not open yet.',
  NOT_A_MEMBER: 'Join the member area of this course to keep your progress.',
  MARK_COMPLETE: 'Mark as complete',
  MARK_INCOMPLETE: 'Mark as not complete',
  MARKED_COMPLETE: 'Lesson marked as complete.',
  MARKED_INCOMPLETE: 'Lesson marked as not complete.',
});

/** Most lessons of one course (the spec's limit of a user-orderable collection). */
export const MAX_LESSONS_PER_COURSE = 250;
/** Most chapters of one course. */
export const MAX_CHAPTERS_PER_COURSE = 50;
/** Most downloads of one lesson. */
export const MAX_FILES_PER_LESSON = 20;
