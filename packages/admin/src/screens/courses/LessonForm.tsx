import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { invalidate } from '../../api/query-cache.js';
import { useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Select } from '../../ui/Select.js';
import { TextArea } from '../../ui/TextArea.js';
import { addLesson, COURSES_PATH, coursePath, deleteLesson, saveLesson, type Chapter, type Lesson, type LessonBody } from './course-calls.js';

interface LessonFormProps {
  readonly courseId: string;
  readonly chapters: readonly Chapter[];
  /** The chapter a new lesson goes to. */
  readonly chapterId: string;
  /** The lesson to edit; a new one when absent. */
  readonly lesson?: Lesson;
  readonly onDone: () => void;
}

interface LessonInput {
  title: string;
  slug: string;
  kind: 'video' | 'text' | 'downloads';
  chapterId: string;
  videoUrl: string;
  text: string;
  fileIds: string[];
  drip: 'none' | 'date' | 'days';
  dripAt: string;
  dripDays: string;
}

const KINDS = [
  { value: 'text', label: 'Text' },
  { value: 'video', label: 'Video' },
  { value: 'downloads', label: 'Downloads' },
];
const DRIPS = [
  { value: 'none', label: 'At once' },
  { value: 'date', label: 'On a date' },
  { value: 'days', label: 'Some days after the member joins' },
];

/** The lesson's text: the html of its first text block (its other blocks are kept as they are). */
function textOf(lesson: Lesson | undefined): string {
  const block = lesson?.body.find((b) => b.typeName === 'html');
  return typeof block?.html === 'string' ? block.html : '';
}

/** `2026-12-05T10:00` (the browser's time) for a stored ISO date. */
function localInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function valuesOf(lesson: Lesson | undefined, chapterId: string): LessonInput {
  return {
    title: lesson?.title ?? '',
    slug: lesson?.slug ?? '',
    kind: lesson?.kind ?? 'text',
    chapterId: lesson?.chapterId ?? chapterId,
    videoUrl: lesson?.videoUrl ?? '',
    text: textOf(lesson),
    fileIds: lesson?.fileIds ?? [],
    drip: lesson?.drip.kind ?? 'none',
    dripAt: lesson?.drip.kind === 'date' ? localInput(lesson.drip.at) : '',
    dripDays: lesson?.drip.kind === 'days' ? String(lesson.drip.days) : '2',
  };
}

function bodyOf(values: LessonInput, lesson: Lesson | undefined): LessonBody {
  const others = (lesson?.body ?? []).filter((b, i, all) => !(b.typeName === 'html' && all.findIndex((x) => x.typeName === 'html') === i));
  const text = values.text.trim() ? [{ typeName: 'html', html: values.text }] : [];
  const drip: LessonBody['drip'] =
    values.drip === 'date'
      ? { kind: 'date', at: new Date(values.dripAt).toISOString() }
      : values.drip === 'days'
        ? { kind: 'days', days: Number(values.dripDays) }
        : { kind: 'none' };
  return {
    chapterId: values.chapterId,
    title: values.title,
    slug: values.slug,
    kind: values.kind,
    body: [...text, ...others] as LessonBody['body'],
    videoUrl: values.videoUrl.trim() || null,
    fileIds: values.fileIds,
    drip,
  };
}

/** Adds or edits a lesson: title, address, kind, chapter, video link, text, downloads from the file library, and when it opens. */
export function LessonForm({ courseId, chapters, chapterId, lesson, onDone }: LessonFormProps) {
  const files = useQuery<{ files: { id: string; name: string }[] }>('/api/owner/files?limit=100');
  const [failure, setFailure] = useState<unknown>(null);
  const { register, handleSubmit, watch, formState } = useForm<LessonInput>({ defaultValues: valuesOf(lesson, chapterId) });
  const drip = watch('drip');
  const refresh = () => {
    invalidate(coursePath(courseId));
    invalidate(COURSES_PATH);
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    if (values.drip === 'date' && !values.dripAt) return setFailure(new Error('Choose the date the lesson opens.'));
    try {
      const body = bodyOf(values, lesson);
      if (lesson) await saveLesson(courseId, lesson.id, body);
      else await addLesson(courseId, body);
      refresh();
      onDone();
    } catch (error) {
      setFailure(error);
    }
  });

  const remove = async () => {
    if (!lesson || !window.confirm(`Delete the lesson ${lesson.title}?`)) return;
    try {
      await deleteLesson(courseId, lesson.id);
      refresh();
      onDone();
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <form onSubmit={submit} aria-labelledby="lesson-form-heading" noValidate>
      <h3 id="lesson-form-heading">{lesson ? `Edit lesson ${lesson.title}` : 'New lesson'}</h3>
      <Field label="Lesson title" {...register('title', { required: true })} error={formState.errors.title ? 'Enter a title.' : undefined} />
      <Field label="Lesson address" hint="Lowercase letters, digits and dashes." {...register('slug', { required: true })} />
      <Select label="Kind" options={KINDS} {...register('kind')} />
      <Select label="Chapter" options={chapters.map((c) => ({ value: c.id, label: c.title }))} {...register('chapterId')} />
      <Field
        label="Video link (https)"
        hint="Shown as a link to the video: nothing loads from its host until the member goes there."
        type="url"
        {...register('videoUrl')}
      />
      <TextArea label="Text" hint="The lesson’s text; simple HTML such as <p> and <h2> is kept." rows={8} {...register('text')} />
      <fieldset>
        <legend>Downloads</legend>
        {files.data?.files.length === 0 && <p>No files in the library yet.</p>}
        {files.data?.files.map((file) => (
          <Field key={file.id} type="checkbox" label={file.name} value={file.id} {...register('fileIds')} />
        ))}
      </fieldset>
      <Select label="Opens" options={DRIPS} {...register('drip')} />
      {drip === 'date' && <Field label="Opens on" type="datetime-local" {...register('dripAt')} />}
      {drip === 'days' && <Field label="Days after joining" type="number" min={1} max={3650} {...register('dripDays')} />}
      <ErrorText error={failure} />
      <p>
        <button type="submit" disabled={formState.isSubmitting}>
          {lesson ? 'Save lesson' : 'Add lesson'}
        </button>{' '}
        <button type="button" onClick={onDone}>
          Cancel
        </button>{' '}
        {lesson && (
          <button type="button" onClick={remove}>
            Delete lesson
          </button>
        )}
      </p>
    </form>
  );
}
