import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Loading } from '../../ui/Loading.js';
import { LessonForm } from './LessonForm.js';
import {
  addChapter,
  COURSES_PATH,
  coursePath,
  deleteChapter,
  dripText,
  moved,
  orderChapters,
  orderLessons,
  type Chapter,
  type Course,
  type Lesson,
} from './course-calls.js';

interface CourseOutlineProps {
  readonly courseId: string;
}

type Editing = { chapterId: string; lesson?: Lesson } | null;

/** A course's chapters and lessons: add, reorder (Move up and Move down buttons, so the keyboard does it), edit and delete. */
export function CourseOutline({ courseId }: CourseOutlineProps) {
  const course = useQuery<Course>(coursePath(courseId));
  const [editing, setEditing] = useState<Editing>(null);
  const [title, setTitle] = useState('');
  const change = useMutation((run: () => Promise<Course>) => run(), [coursePath(courseId), COURSES_PATH]);
  if (course.status === 'loading') return <Loading />;
  if (!course.data) return <ErrorText error={course.error} />;
  const chapters = course.data.chapters;
  const chapterIds = chapters.map((c) => c.id);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    if (await change.run(() => addChapter(courseId, title.trim()))) setTitle('');
  };

  return (
    <section aria-labelledby="course-outline-heading">
      <h2 id="course-outline-heading">Chapters and lessons</h2>
      <ErrorText error={change.error} />
      {chapters.length === 0 && <p>No chapters yet: add one, then its lessons.</p>}
      {chapters.map((chapter, index) => (
        <ChapterBlock
          key={chapter.id}
          chapter={chapter}
          first={index === 0}
          last={index === chapters.length - 1}
          onMove={(by) => change.run(() => orderChapters(courseId, moved(chapterIds, index, by)))}
          onMoveLesson={(lessonIndex, by) =>
            change.run(() =>
              orderLessons(
                courseId,
                chapter.id,
                moved(
                  chapter.lessons.map((l) => l.id),
                  lessonIndex,
                  by,
                ),
              ),
            )
          }
          onDelete={() => {
            if (window.confirm(`Delete the chapter ${chapter.title} and its lessons?`)) void change.run(() => deleteChapter(courseId, chapter.id));
          }}
          onEditLesson={(lesson) => setEditing({ chapterId: chapter.id, lesson })}
          onAddLesson={() => setEditing({ chapterId: chapter.id })}
        />
      ))}
      {editing && (
        <LessonForm
          key={editing.lesson?.id ?? `new-${editing.chapterId}`}
          courseId={courseId}
          chapters={chapters}
          chapterId={editing.chapterId}
          lesson={editing.lesson}
          onDone={() => setEditing(null)}
        />
      )}
      <form onSubmit={add} aria-label="Add a chapter" className="inline-form">
        <Field label="New chapter title" value={title} onChange={(event) => setTitle(event.currentTarget.value)} maxLength={200} />
        <button type="submit" disabled={change.pending}>
          Add chapter
        </button>
      </form>
    </section>
  );
}

interface ChapterBlockProps {
  readonly chapter: Chapter;
  readonly first: boolean;
  readonly last: boolean;
  readonly onMove: (by: -1 | 1) => void;
  readonly onMoveLesson: (index: number, by: -1 | 1) => void;
  readonly onDelete: () => void;
  readonly onEditLesson: (lesson: Lesson) => void;
  readonly onAddLesson: () => void;
}

/** One chapter: its title with its buttons, and its lessons in order. */
function ChapterBlock({ chapter, first, last, onMove, onMoveLesson, onDelete, onEditLesson, onAddLesson }: ChapterBlockProps) {
  return (
    <section className="course-outline-chapter" aria-labelledby={`chapter-${chapter.id}`}>
      <h3 id={`chapter-${chapter.id}`}>{chapter.title}</h3>
      <p>
        <button type="button" onClick={() => onMove(-1)} disabled={first} aria-label={`Move chapter ${chapter.title} up`}>
          Move up
        </button>{' '}
        <button type="button" onClick={() => onMove(1)} disabled={last} aria-label={`Move chapter ${chapter.title} down`}>
          Move down
        </button>{' '}
        <button type="button" onClick={onDelete} aria-label={`Delete chapter ${chapter.title}`}>
          Delete
        </button>
      </p>
      {chapter.lessons.length === 0 && <p>No lessons in this chapter yet.</p>}
      <ol>
        {chapter.lessons.map((lesson, index) => (
          <li key={lesson.id}>
            <strong>{lesson.title}</strong> <code>{lesson.url}</code> — {lesson.kind}, {dripText(lesson)}{' '}
            <span className="button-row">
              <button type="button" onClick={() => onEditLesson(lesson)} aria-label={`Edit lesson ${lesson.title}`}>
                Edit
              </button>{' '}
              <button type="button" onClick={() => onMoveLesson(index, -1)} disabled={index === 0} aria-label={`Move lesson ${lesson.title} up`}>
                Up
              </button>{' '}
              <button
                type="button"
                onClick={() => onMoveLesson(index, 1)}
                disabled={index === chapter.lessons.length - 1}
                aria-label={`Move lesson ${lesson.title} down`}
              >
                Down
              </button>
            </span>
          </li>
        ))}
      </ol>
      <p>
        <button type="button" onClick={onAddLesson} aria-label={`Add a lesson to ${chapter.title}`}>
          Add lesson
        </button>
      </p>
    </section>
  );
}
