import { useState } from 'react';
import { useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { CourseForm } from './CourseForm.js';
import { CourseOutline } from './CourseOutline.js';
import { COURSES_PATH, type Courses, type CourseSummary } from './course-calls.js';

/** Courses: the list with each course's URL, member area and lessons; a form to add or edit one, and the open course's chapters and lessons. */
export default function CoursesScreen() {
  const list = useQuery<Courses>(COURSES_PATH);
  const [open, setOpen] = useState<CourseSummary | 'new' | null>(null);
  const areas = list.data?.memberAreas ?? [];
  const areaName = (id: string | null) => areas.find((a) => a.id === id)?.name ?? 'None (nobody opens it)';
  return (
    <>
      <ScreenHeading>Courses</ScreenHeading>
      <p>Lessons for the members of a member area, in chapters, released at once, on a date or some days after a member joins.</p>
      {list.status === 'loading' && <Loading />}
      <ErrorText error={list.error} />
      {list.data && list.data.courses.length === 0 && <p>No courses yet.</p>}
      {list.data && list.data.courses.length > 0 && (
        <div className="table-wrap rows-on-phone" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Courses</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Address</th>
                <th scope="col">Member area</th>
                <th scope="col" className="number">
                  Lessons
                </th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.data.courses.map((course) => (
                <tr key={course.id}>
                  <td className="wide" data-label="Title">
                    {course.title}
                    {course.enabled ? '' : ' (hidden)'}
                  </td>
                  <td className="breakable" data-label="Address">
                    <code>{course.url}</code>
                  </td>
                  <td data-label="Member area">{areaName(course.memberAreaId)}</td>
                  <td className="number" data-label="Lessons">
                    {course.lessonCount}
                  </td>
                  <td data-label="Actions">
                    <button type="button" onClick={() => setOpen(course)} aria-label={`Edit ${course.title}`}>
                      Edit
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open === null && (
        <p>
          <button type="button" onClick={() => setOpen('new')}>
            New course
          </button>
        </p>
      )}
      {open !== null && (
        <CourseForm
          key={open === 'new' ? 'new' : open.id}
          course={open === 'new' ? undefined : open}
          areas={areas}
          onSaved={(saved) => setOpen(saved)}
          onDone={() => setOpen(null)}
        />
      )}
      {open !== null && open !== 'new' && <CourseOutline key={open.id} courseId={open.id} />}
    </>
  );
}
