import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOwner, signInOwner, type OwnerClient } from '../../test-support/owners.js';
import { Browser, enableAccounts, signedInShopper } from '../../test-support/site-users.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { availableDialects, createTestDb, type TestDb } from '../../test-support/test-db.js';
import { websites } from '../db/index.js';
import { libraryFiles } from '../db/schema-library-files.js';
import { memberships } from '../db/schema-member-areas.js';
import { createArea, imageAccess } from '../member-areas/index.js';
import { registerPages } from '../pages/index.js';
import { staticIslandAssets } from '../pages/island-assets.js';
import type { Website } from '../sites/index.js';
import { SiteUserMessages } from '../site-users/index.js';
import { CourseMessages, OWNER_COURSES_PATH } from './index.js';

const DAY = 86_400_000;
const DRIPPED_TEXT = 'Secret avocado pinks';
const OPEN_TEXT = 'Alum at fifteen percent';
const unlimited = { hit: async () => 1, close: async () => {} };

interface CourseJson {
  id: string;
  url: string;
  memberAreaId: string | null;
  chapters: { id: string; title: string; lessons: { id: string; slug: string; title: string }[] }[];
}

describe.each(availableDialects())('courses: owner calls, gating, drip and progress (%s)', (dialect) => {
  let testDb: TestDb;
  let t: TestApp;
  let site: Website;
  let other: Website;
  let host: string;
  let clock = new Date('2026-12-01T12:00:00Z');
  let areaId: string;
  let admin: OwnerClient;
  let course: CourseJson;

  beforeAll(async () => {
    testDb = await createTestDb({ dialect });
    t = await createTestApp({
      testDb,
      now: () => clock,
      rateLimitStore: unlimited,
      config: { logLevel: 'silent', outboxPollMs: 600_000 },
      setup: (app) => registerPages(app, app.emporium, { islands: staticIslandAssets(false) }),
    });
    site = await t.createSite({ identifier: `course-${dialect}`, title: 'Course site', settings: { timeZone: 'Europe/Paris', locale: 'fr-FR' } });
    other = await t.createSite({ identifier: `course-other-${dialect}`, title: 'Other' });
    host = t.hostOf(site);
    await enableAccounts(testDb.db, site.id);
    areaId = await createArea(testDb.db, site.id, { name: 'Members', description: '', priceCents: 0, billing: 'one-time', trialDays: 0 });
    await makeOwner(testDb.db, site.id, 'admin@course.test', 'admin');
    admin = await signInOwner(t.app, host, 'admin@course.test');
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await testDb.close();
  });

  it('builds a course: chapters, lessons with drip, order; refuses bad input with clear errors and checks roles and sites', async () => {
    const created = await admin.call('POST', OWNER_COURSES_PATH, { title: 'Dyeing', urlId: 'course', memberAreaId: areaId });
    expect(created.statusCode, created.body).toBe(201);
    course = created.json();
    expect(course).toMatchObject({ url: '/course', memberAreaId: areaId, chapters: [] });
    const base = `${OWNER_COURSES_PATH}/${course.id}`;
    const chapter = (await admin.call('POST', `${base}/chapters`, { title: 'Basics' })).json().chapters[0].id as string;
    const lesson = (slug: string, title: string, html: string, drip: unknown = { kind: 'none' }) =>
      admin.call('POST', `${base}/lessons`, {
        chapterId: chapter,
        title,
        slug,
        kind: 'text',
        body: [{ typeName: 'html', html: `<p>${html}</p><script>x()</script>` }],
        drip,
      });
    expect((await lesson('welcome', 'Welcome', 'Hello members')).statusCode).toBe(201);
    expect((await lesson('mordant', 'Mordanting', OPEN_TEXT)).statusCode).toBe(201);
    const last = await lesson('avocado', 'Avocado', DRIPPED_TEXT, { kind: 'days', days: 2 });
    expect(last.statusCode, last.body).toBe(201);
    course = last.json();
    expect(course.chapters[0]!.lessons.map((l) => l.slug)).toEqual(['welcome', 'mordant', 'avocado']);
    expect(JSON.stringify(course)).not.toContain('<script>');

    const taken = await lesson('welcome', 'Again', 'x');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(CourseMessages.SLUG_TAKEN);
    const reserved = await admin.call('POST', OWNER_COURSES_PATH, { title: 'Cart', urlId: 'cart', memberAreaId: null });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().message).toBe(CourseMessages.URL_RESERVED);
    const used = await admin.call('POST', OWNER_COURSES_PATH, { title: 'Again', urlId: 'course', memberAreaId: null });
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe(CourseMessages.URL_TAKEN);
    const otherArea = await createArea(testDb.db, other.id, { name: 'Theirs', description: '', priceCents: 0, billing: 'one-time', trialDays: 0 });
    const foreign = await admin.call('POST', OWNER_COURSES_PATH, { title: 'X', urlId: 'x-course', memberAreaId: otherArea });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(CourseMessages.AREA_UNKNOWN);
    const badFile = await admin.call('POST', `${base}/lessons`, { chapterId: chapter, title: 'F', slug: 'files', kind: 'downloads', fileIds: ['nope'] });
    expect(badFile.json().message).toBe(CourseMessages.FILE_UNKNOWN);
    const ids = course.chapters[0]!.lessons.map((l) => l.id);
    const mismatch = await admin.call('PUT', `${base}/chapters/${chapter}/lessons/order`, { ids: ids.slice(1) });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toBe(CourseMessages.ORDER_MISMATCH);
    const reordered = await admin.call('PUT', `${base}/chapters/${chapter}/lessons/order`, { ids: [ids[1], ids[0], ids[2]] });
    expect(reordered.json().chapters[0].lessons.map((l: { slug: string }) => l.slug)).toEqual(['mordant', 'welcome', 'avocado']);
    await admin.call('PUT', `${base}/chapters/${chapter}/lessons/order`, { ids });

    await makeOwner(testDb.db, site.id, 'reporting@course.test', 'reporting');
    const reporting = await signInOwner(t.app, host, 'reporting@course.test');
    expect((await reporting.call('POST', OWNER_COURSES_PATH, { title: 'No', urlId: 'no', memberAreaId: null })).statusCode).toBe(403);
    await makeOwner(testDb.db, other.id, 'admin@other.test', 'admin');
    const stranger = await signInOwner(t.app, t.hostOf(other), 'admin@other.test');
    expect((await stranger.call('GET', base)).statusCode).toBe(404);
    expect((await stranger.call('DELETE', base)).statusCode).toBe(404);
    expect((await admin.call('GET', `${OWNER_COURSES_PATH}/nope`)).json().message).toBe(CourseMessages.NOT_FOUND);
    expect((await admin.call('PUT', `${base}/chapters/nope`, { title: 'X' })).json().message).toBe(CourseMessages.CHAPTER_NOT_FOUND);
    expect((await admin.call('DELETE', `${base}/lessons/nope`)).json().message).toBe(CourseMessages.LESSON_NOT_FOUND);
    const list = await admin.call('GET', OWNER_COURSES_PATH);
    expect(list.json()).toMatchObject({ courses: [{ id: course.id, lessonCount: 3 }], memberAreas: [{ id: areaId, name: 'Members' }] });
  });

  it('gives guests and non-members the access-denied page (106) with the join button, also for lessons and their JSON', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/course', headers: { host, accept: 'text/html' } });
    expect(guest.statusCode).toBe(403);
    expect(guest.body).toContain('page-type-106');
    expect(guest.body).toContain(`href="/commerce/join/${areaId}"`);
    const lessonJson = await t.app.inject({ method: 'GET', url: '/course/mordant?format=json', headers: { host } });
    expect(lessonJson.statusCode).toBe(403);
    expect(lessonJson.body).not.toContain(OPEN_TEXT);
    const { browser } = await signedInShopper(t.app, testDb.db, host, site.id, 'visitor@example.com');
    const signedIn = await browser.send('GET', '/course/mordant', { headers: { accept: 'text/html' } });
    expect(signedIn.statusCode).toBe(403);
    expect(signedIn.body).not.toContain(OPEN_TEXT);
    const search = await t.app.inject({ method: 'GET', url: '/search?q=alum', headers: { host, accept: 'text/html' } });
    expect(search.body).not.toContain(OPEN_TEXT);
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host } });
    expect(sitemap.body).not.toMatch(/\/course[/<]/);
    const rss = await t.app.inject({ method: 'GET', url: '/course/rss.xml', headers: { host } });
    expect(rss.body).not.toContain(OPEN_TEXT);
    expect(rss.statusCode).not.toBe(200);
  });

  it('shows a member the overview with states and progress, keeps a dripped lesson locked until its day, and keeps progress across sign-outs', async () => {
    const email = 'member@example.com';
    const member = await signedInShopper(t.app, testDb.db, host, site.id, email);
    await testDb.db.insert(memberships).values({ websiteId: site.id, memberAreaId: areaId, siteUserId: member.siteUserId, source: 'free', startedAt: clock });
    const overview = await member.browser.send('GET', '/course', { headers: { accept: 'text/html' } });
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.headers['cache-control']).toContain('no-store');
    expect(overview.body).toContain('aria-label="Course progress: 0 of 3 lessons complete"');
    // Two days after joining, in the site's time zone (Paris) and locale (French).
    expect(overview.body).toContain('Locked until 3 décembre 2026 à 13:00');
    expect(overview.body).not.toContain(DRIPPED_TEXT);

    const locked = await member.browser.send('GET', '/course/avocado?format=json');
    expect(locked.statusCode).toBe(200);
    expect(locked.body).not.toContain(DRIPPED_TEXT);
    expect(locked.json().lesson).toMatchObject({ locked: true, opensAtText: '3 décembre 2026 à 13:00' });
    const lockedId = course.chapters[0]!.lessons[2]!.id;
    const early = await member.browser.send('POST', `/api/site-users/account/courses/${course.id}/lessons/${lockedId}/progress`, {
      json: { completed: true },
      headers: { 'x-siteuser-xsrf-token': member.xsrfToken },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(CourseMessages.LESSON_LOCKED);

    const lessonPage = await member.browser.send('GET', '/course/mordant', { headers: { accept: 'text/html' } });
    expect(lessonPage.body).toContain(OPEN_TEXT);
    expect(lessonPage.body).not.toContain('<script>x()');
    expect(lessonPage.body).toContain('Mark as complete');
    expect(lessonPage.body).toContain('rel="prev"');
    const mordantId = course.chapters[0]!.lessons[1]!.id;
    const path = `/api/site-users/account/courses/${course.id}/lessons/${mordantId}/progress`;
    const noXsrf = await member.browser.send('POST', path, { json: { completed: true } });
    expect(noXsrf.statusCode).toBe(403);
    expect(noXsrf.json().message).toBe(SiteUserMessages.XSRF_FAILED);
    const form = await member.browser.send('POST', path, { form: { completed: 'true', xsrfToken: member.xsrfToken } });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('/course/mordant?marked=complete');
    const afterJson = await member.browser.send('GET', '/course/mordant?marked=complete&format=json');
    expect(afterJson.json().lesson.notice).toBe(CourseMessages.MARKED_COMPLETE);
    const after = await member.browser.send('GET', '/course/mordant?marked=complete', { headers: { accept: 'text/html' } });
    expect(after.body, after.body.slice(after.body.indexOf('<main'), after.body.indexOf('</main>'))).toContain(CourseMessages.MARKED_COMPLETE);
    expect(after.body).toContain('Mark as not complete');

    // Another browser, after signing out of the first: the progress is on the account.
    await member.browser.send('DELETE', '/api/site-users/account/session', { headers: { 'x-siteuser-xsrf-token': member.xsrfToken } });
    const second = await Browser.open(t.app, host);
    const signIn = await second.send('POST', '/api/site-users/account/session', { json: { email, password: 'a long shopper passphrase', rememberMe: true } });
    const xsrf = signIn.json().xsrfToken as string;
    const progress = await second.send('GET', `/api/site-users/account/courses/${course.id}/progress`);
    expect(progress.json()).toMatchObject({ completedLessons: 1, totalLessons: 3, percent: 33, resumeLessonId: mordantId });
    const again = await second.send('GET', '/course', { headers: { accept: 'text/html' } });
    expect(again.body).toContain('aria-label="Course progress: 1 of 3 lessons complete"');
    expect(again.body).toContain('Resume: Mordanting');

    clock = new Date(clock.getTime() + 2 * DAY);
    const opened = await second.send('GET', '/course/avocado', { headers: { accept: 'text/html' } });
    expect(opened.body).toContain(DRIPPED_TEXT);
    const done = await second.send('POST', `/api/site-users/account/courses/${course.id}/lessons/${lockedId}/progress`, {
      json: { completed: true },
      headers: { 'x-siteuser-xsrf-token': xsrf },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ completed: true, completedLessons: 2, percent: 67, message: CourseMessages.MARKED_COMPLETE });
    const undone = await second.send('POST', path, { json: { completed: false }, headers: { 'x-siteuser-xsrf-token': xsrf } });
    expect(undone.json()).toMatchObject({ completed: false, completedLessons: 1, message: CourseMessages.MARKED_INCOMPLETE });

    // The magazine theme renders the same system templates.
    await testDb.db
      .update(websites)
      .set({ settings: sql`${websites.settings} || '{"theme":"magazine"}'::jsonb` })
      .where(eq(websites.id, site.id));
    const magazine = await second.send('GET', '/course/avocado', { headers: { accept: 'text/html' } });
    expect(magazine.body).toContain('class="magazine ');
    expect(magazine.body).toContain(DRIPPED_TEXT);
    expect(magazine.body).toContain('Mark as not complete');
  });

  it('refuses progress calls of guests and of non-members with clear errors', async () => {
    const lessonId = course.chapters[0]!.lessons[0]!.id;
    const path = `/api/site-users/account/courses/${course.id}/lessons/${lessonId}/progress`;
    const guest = await Browser.open(t.app, host);
    const refused = await guest.send('POST', path, { json: { completed: true } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(SiteUserMessages.SIGN_IN_REQUIRED);
    const outsider = await signedInShopper(t.app, testDb.db, host, site.id, 'outsider@example.com');
    const notMember = await outsider.browser.send('POST', path, { json: { completed: true }, headers: { 'x-siteuser-xsrf-token': outsider.xsrfToken } });
    expect(notMember.statusCode).toBe(403);
    expect(notMember.json().message).toBe(CourseMessages.NOT_A_MEMBER);
  });
  it("lets only members fetch a lesson's downloads", async () => {
    const imageId = `${'d0'.repeat(15)}ab`;
    const url = `/api/media/${site.id}/${imageId}-800.webp`;
    const [file] = await testDb.db
      .insert(libraryFiles)
      .values({ websiteId: site.id, name: 'Dye chart', assetUrl: url, srcset: `${url} 800w`, originalSize: '800x600', bytes: 1000 })
      .returning();
    expect(await imageAccess(testDb.db, site.id, imageId, {}, clock)).toBe('public');
    const added = await admin.call('POST', `${OWNER_COURSES_PATH}/${course.id}/lessons`, {
      chapterId: course.chapters[0]!.id,
      title: 'Dye chart',
      slug: 'dye-chart',
      kind: 'downloads',
      fileIds: [file!.id],
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await imageAccess(testDb.db, site.id, imageId, {}, clock)).toBe('denied');
    expect((await (await Browser.open(t.app, host)).send('GET', url)).statusCode).toBe(404);
    const member = await signedInShopper(t.app, testDb.db, host, site.id, 'downloads@example.com');
    await testDb.db.insert(memberships).values({ websiteId: site.id, memberAreaId: areaId, siteUserId: member.siteUserId, source: 'free', startedAt: clock });
    expect(await imageAccess(testDb.db, site.id, imageId, Object.fromEntries(member.browser.jar), clock)).toBe('member');
  });
});
