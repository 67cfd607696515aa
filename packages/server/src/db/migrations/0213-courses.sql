-- Courses (issue 28, item 4): a course is a collection of type 25 gated by a member area
-- (member_area_gates); it holds chapters (course items, record type 63) and lessons (record
-- type 62) in order. A lesson is video, text or downloads, with a body of blocks (the page
-- layout format), a video link, files of the library, and a drip release: a date, or a number
-- of days after the member joined the area that gates the course. Progress is per site user.
CREATE TABLE course_chapters (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL,
  course_id text NOT NULL,
  title text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT course_chapters_website_id_key UNIQUE (website_id, id),
  CONSTRAINT course_chapters_course_fk FOREIGN KEY (website_id, course_id)
    REFERENCES collections (website_id, id) ON DELETE CASCADE
);
CREATE INDEX course_chapters_course_idx ON course_chapters (website_id, course_id, position);

CREATE TABLE course_lessons (
  id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
  website_id text NOT NULL,
  course_id text NOT NULL,
  chapter_id text NOT NULL,
  title text NOT NULL,
  slug text NOT NULL,
  kind text NOT NULL DEFAULT 'text' CHECK (kind IN ('video', 'text', 'downloads')),
  -- Blocks in the page layout format (cleaned on save like a page's).
  body jsonb NOT NULL DEFAULT '[]'::jsonb,
  video_url text,
  -- Ids of library files offered for download, in order.
  file_ids text[] NOT NULL DEFAULT '{}'::text[],
  position integer NOT NULL DEFAULT 0,
  drip text NOT NULL DEFAULT 'none' CHECK (drip IN ('none', 'date', 'days')),
  drip_at timestamptz,
  drip_days integer CHECK (drip_days IS NULL OR drip_days BETWEEN 1 AND 3650),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT course_lessons_website_id_key UNIQUE (website_id, id),
  CONSTRAINT course_lessons_course_fk FOREIGN KEY (website_id, course_id)
    REFERENCES collections (website_id, id) ON DELETE CASCADE,
  CONSTRAINT course_lessons_chapter_fk FOREIGN KEY (website_id, chapter_id)
    REFERENCES course_chapters (website_id, id) ON DELETE CASCADE,
  CONSTRAINT course_lessons_drip_fields CHECK (
    (drip = 'none') OR (drip = 'date' AND drip_at IS NOT NULL) OR (drip = 'days' AND drip_days IS NOT NULL))
);
CREATE UNIQUE INDEX course_lessons_slug_key ON course_lessons (website_id, course_id, slug);
CREATE INDEX course_lessons_chapter_idx ON course_lessons (website_id, chapter_id, position);

-- A member's progress: one row per lesson opened or completed; the newest opened_at of a
-- course is where the member resumes.
CREATE TABLE course_progress (
  website_id text NOT NULL,
  site_user_id text NOT NULL,
  lesson_id text NOT NULL,
  course_id text NOT NULL,
  completed_at timestamptz,
  opened_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_id, site_user_id, lesson_id),
  CONSTRAINT course_progress_user_fk FOREIGN KEY (website_id, site_user_id)
    REFERENCES site_users (website_id, id) ON DELETE CASCADE,
  CONSTRAINT course_progress_lesson_fk FOREIGN KEY (website_id, lesson_id)
    REFERENCES course_lessons (website_id, id) ON DELETE CASCADE
);
CREATE INDEX course_progress_course_idx ON course_progress (website_id, site_user_id, course_id, opened_at DESC);
