import { eq, sql } from 'drizzle-orm';
import { collections, websites } from '../db/index.js';
import type { DbOrTx } from '../db/types.js';
import { addChapter, addLesson, createCourse } from '../courses/index.js';

/** URL id of the demo's course. */
export const DEMO_COURSE_URL_ID = 'course';
/** Days after joining the demo's third lesson opens. */
export const DEMO_DRIP_DAYS = 2;

/**
 * The demo's course: "Natural dyeing at home" at `/course`, gated by the "Members" area, with
 * three lessons in two chapters — a video, a text lesson, and one that opens two days after the
 * member joined — and a place in the main navigation, so a newcomer meets it at once.
 */
export async function seedDemoCourse(db: DbOrTx, websiteId: string, areaId: string): Promise<string> {
  const courseId = await createCourse(db, websiteId, {
    title: 'Natural dyeing at home',
    urlId: DEMO_COURSE_URL_ID,
    description: '<p>Three short lessons from the studio: gather, mordant and dye a linen scarf with plants from your kitchen.</p>',
    memberAreaId: areaId,
    enabled: true,
  });
  const basics = await addChapter(db, websiteId, courseId, 'Getting ready');
  const dyeing = await addChapter(db, websiteId, courseId, 'In the dye pot');
  const text = (html: string) => [{ typeName: 'html', html }];
  await addLesson(db, websiteId, courseId, {
    chapterId: basics,
    title: 'Welcome to the dye studio',
    slug: 'welcome',
    kind: 'video',
    body: text('<p>A tour of the tools you need: a stainless pot, a wooden spoon, rubber gloves and a linen scarf washed twice.</p>'),
    videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    fileIds: [],
    drip: { kind: 'none' },
  });
  await addLesson(db, websiteId, courseId, {
    chapterId: basics,
    title: 'Mordanting linen',
    slug: 'mordanting',
    kind: 'text',
    body: text(
      '<p>Dissolve alum at 15% of the dry weight of the fabric in hot water, add the wet scarf and keep it just below a simmer for an hour. Let it cool in the pot overnight.</p>',
    ),
    videoUrl: null,
    fileIds: [],
    drip: { kind: 'none' },
  });
  await addLesson(db, websiteId, courseId, {
    chapterId: dyeing,
    title: 'Onion skins and avocado stones',
    slug: 'onion-and-avocado',
    kind: 'text',
    body: text(
      '<p>Simmer the skins of ten onions for golden yellows, or five avocado stones for dusty pinks. Strain, add the mordanted scarf and turn it every ten minutes.</p>',
    ),
    videoUrl: null,
    fileIds: [],
    drip: { kind: 'days', days: DEMO_DRIP_DAYS },
  });
  // The navigation shows a short title; the course page keeps the whole one.
  await db.update(collections).set({ navigationTitle: 'Course' }).where(eq(collections.id, courseId));
  await db
    .update(websites)
    .set({
      settings: sql`jsonb_set(${websites.settings}, '{navigation,mainNavigation,items}', coalesce(${websites.settings} #> '{navigation,mainNavigation,items}', '[]'::jsonb) || ${JSON.stringify([{ collectionId: courseId }])}::jsonb)`,
    })
    .where(eq(websites.id, websiteId));
  return courseId;
}
