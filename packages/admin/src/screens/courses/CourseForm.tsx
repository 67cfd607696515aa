import { zodResolver } from '@hookform/resolvers/zod';
import { CourseFields } from '@emporium/server/courses/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { invalidate } from '../../api/query-cache.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Select } from '../../ui/Select.js';
import { TextArea } from '../../ui/TextArea.js';
import { COURSES_PATH, createCourse, deleteCourse, saveCourse, type CourseBody, type CourseSummary } from './course-calls.js';

type FormInput = (typeof CourseFields)['_zod']['input'];
type FormOutput = (typeof CourseFields)['_zod']['output'];

interface CourseFormProps {
  /** The course to edit; a new one when absent. */
  readonly course?: CourseSummary;
  /** The site's member areas, one of which gates the course. */
  readonly areas: readonly { id: string; name: string }[];
  readonly onSaved: (course: CourseSummary) => void;
  readonly onDone: () => void;
}

/** Adds or edits a course: its title, address, description, the member area whose members open it, and whether it is shown. */
export function CourseForm({ course, areas, onSaved, onDone }: CourseFormProps) {
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const { register, handleSubmit, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(CourseFields),
    defaultValues: {
      title: course?.title ?? '',
      urlId: course?.urlId ?? '',
      description: course?.description ?? '',
      memberAreaId: course?.memberAreaId ?? areas[0]?.id ?? null,
      enabled: course?.enabled ?? true,
    },
  });
  const { errors } = formState;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    setSaved(false);
    const body: CourseBody = { ...values, memberAreaId: values.memberAreaId || null };
    try {
      const result = course ? await saveCourse(course.id, body) : await createCourse(body);
      invalidate(COURSES_PATH);
      setSaved(true);
      onSaved(result);
    } catch (error) {
      setFailure(error);
    }
  });

  const remove = async () => {
    if (!course || !window.confirm(`Delete ${course.title}? Its lessons and its members’ progress go too.`)) return;
    try {
      await deleteCourse(course.id);
      invalidate(COURSES_PATH);
      onDone();
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <form onSubmit={submit} aria-labelledby="course-form-heading" noValidate>
      <h2 id="course-form-heading">{course ? `Edit ${course.title}` : 'New course'}</h2>
      <Field label="Title" {...register('title')} error={errors.title?.message} />
      <Field label="Address" hint="The course lives at /address; lowercase letters, digits and dashes." {...register('urlId')} error={errors.urlId?.message} />
      <TextArea label="Description" {...register('description')} error={errors.description?.message} />
      <Select
        label="Member area"
        options={[...areas.map((a) => ({ value: a.id, label: a.name })), { value: '', label: 'None (nobody opens the course)' }]}
        {...register('memberAreaId')}
      />
      <Field type="checkbox" label="Shown on the site" {...register('enabled')} />
      <ErrorText error={failure} />
      {saved && <p role="status">Course saved.</p>}
      <p>
        <button type="submit" disabled={formState.isSubmitting}>
          {course ? 'Save course' : 'Add course'}
        </button>{' '}
        <button type="button" onClick={onDone}>
          Close
        </button>{' '}
        {course && (
          <button type="button" onClick={remove}>
            Delete course
          </button>
        )}
      </p>
    </form>
  );
}
