import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { type Browser, signedInShopper } from '../../test-support/site-users.js';
import { libraryFiles } from '../db/schema-library-files.js';
import { memberAreas, memberships } from '../db/schema-member-areas.js';
import { saveDonationSettings } from '../donations/index.js';
import { staticIslandAssets } from '../pages/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { TranslationPaths } from '../translations/index.js';
import { OWNER_COURSES_PATH } from './index.js';

const HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;

interface Entry {
  subjectType: string;
  subjectId: string;
  field: string;
  label: string;
  source: string;
  translation: string | null;
  state: string;
}

interface OwnerLesson {
  id: string;
  chapterId: string;
  title: string;
  slug: string;
  kind: string;
  body: Record<string, unknown>[];
  videoUrl: string | null;
  fileIds: string[];
  drip: unknown;
}

/** The page's text without tags, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The part of a page inside `<main>`. */
function mainOf(html: string): string {
  return /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
}

/**
 * Issue 29 (every owner-written text translatable, stale flags, fallback to the primary language)
 * on the course pages of spec §2 (lesson list and lesson detail; lessons are record type 62 and
 * chapters 63, spec §3 Enumerations), the donate page and the account pages' notices.
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL set.
 */
describe('courses, donations and account notices in the page language', () => {
  let t: PagesTestApp;
  let owner: OwnerClient;
  let websiteId: string;
  let member: { browser: Browser; xsrfToken: string; siteUserId: string };
  let courseId: string;
  let chapters: { id: string; title: string; lessons: OwnerLesson[] }[];

  const entries = async (language: string): Promise<Entry[]> => {
    const res = await owner.call('GET', `${TranslationPaths.LIST}?language=${language}&subjectType=course&pageSize=100`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().entries as Entry[];
  };
  const save = async (language: string, subjectId: string, field: string, text: string) => {
    const res = await owner.call('PUT', TranslationPaths.LIST, { language, subjectType: 'course', subjectId, field, text });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Entry;
  };
  const page = (path: string) => member.browser.send('GET', path, { headers: { accept: 'text/html' } });

  beforeAll(async () => {
    t = await createPagesTestApp({ islands: staticIslandAssets(true) });
    const db = t.testDb.db;
    const demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
    websiteId = demo.id;
    await makeOwner(db, demo.id, 'admin@course-tr.test', 'admin');
    owner = await signInOwner(t.app, HOST, 'admin@course-tr.test');
    const saved = await owner.call('PUT', '/api/multilingual/languages', {
      languages: [
        { code: 'en-US', primary: true },
        { code: 'fr', published: true },
        { code: 'de', published: true },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    member = await signedInShopper(t.app, db, HOST, websiteId, 'member@course-tr.test');
    const [area] = await db
      .select({ id: memberAreas.id })
      .from(memberAreas)
      .where(and(eq(memberAreas.websiteId, websiteId), eq(memberAreas.name, 'Members')));
    await db.insert(memberships).values({ websiteId, memberAreaId: area!.id, siteUserId: member.siteUserId, source: 'free', startedAt: new Date() });
    const list = await owner.call('GET', OWNER_COURSES_PATH);
    courseId = (list.json().courses as { id: string; urlId: string }[]).find((c) => c.urlId === 'course')!.id;
    // The welcome lesson gets a download from the library.
    const [file] = await db
      .insert(libraryFiles)
      .values({ websiteId, name: 'Tool list', assetUrl: '/assets/tool-list.pdf', srcset: '', originalSize: '', bytes: 1_500_000 })
      .returning({ id: libraryFiles.id });
    chapters = (await owner.call('GET', `${OWNER_COURSES_PATH}/${courseId}`)).json().chapters;
    const welcome = chapters[0]!.lessons[0]!;
    const withFile = await owner.call('PUT', `${OWNER_COURSES_PATH}/${courseId}/lessons/${welcome.id}`, {
      chapterId: welcome.chapterId,
      title: welcome.title,
      slug: welcome.slug,
      kind: welcome.kind,
      body: welcome.body,
      videoUrl: welcome.videoUrl,
      fileIds: [file!.id],
      drip: welcome.drip,
    });
    expect(withFile.statusCode, withFile.body).toBe(200);
    chapters = (await owner.call('GET', `${OWNER_COURSES_PATH}/${courseId}`)).json().chapters;
  }, 180_000);
  afterAll(() => t?.close());

  it("lists each chapter's title and each lesson's title, body text and download label as texts to translate, with their state", async () => {
    const list = await entries('fr');
    const [basics, dyeing] = chapters;
    const welcome = basics!.lessons[0]!;
    const pick = (subjectId: string, field: string) => list.find((e) => e.subjectId === subjectId && e.field === field);
    expect(pick(basics!.id, 'title')).toMatchObject({
      source: 'Getting ready',
      state: 'missing',
      translation: null,
      label: 'Natural dyeing at home › Getting ready (chapter)',
    });
    expect(pick(dyeing!.id, 'title')).toMatchObject({ source: 'In the dye pot', state: 'missing' });
    expect(pick(welcome.id, 'title')).toMatchObject({ source: 'Welcome to the dye studio', state: 'missing' });
    expect(pick(welcome.id, 'block:0:html')?.source).toContain('A tour of the tools you need');
    expect(pick(welcome.id, `download:${welcome.fileIds[0]}`)).toMatchObject({ source: 'Tool list', state: 'missing' });
    // Three lessons and two chapters: every title is listed once.
    expect(list.filter((e) => e.field === 'title')).toHaveLength(5);
  });

  it('shows the French course overview and a lesson with their translations, falling back to English where none is stored, and keeps links in French', async () => {
    const [basics, dyeing] = chapters;
    const welcome = basics!.lessons[0]!;
    await save('fr', basics!.id, 'title', 'Pour commencer');
    await save('fr', welcome.id, 'title', 'Bienvenue à l’atelier de teinture');
    await save('fr', welcome.id, 'block:0:html', '<p>Le tour des outils : une casserole inox, une cuillère en bois.</p><script>alert(1)</script>');
    await save('fr', welcome.id, `download:${welcome.fileIds[0]}`, 'Liste des outils');

    const overview = await page('/fr/course');
    expect(overview.statusCode).toBe(200);
    const main = mainOf(overview.body);
    const text = textOf(main);
    expect(text).toContain('Pour commencer');
    expect(text).toContain('Bienvenue à l’atelier de teinture');
    // No translation: the primary language's text, never empty.
    expect(text).toContain(dyeing!.title);
    expect(text).toContain('Mordanting linen');
    expect(text).toContain('0 leçons terminées sur 3 (0 %)');
    expect(text).toContain('Commencer : Bienvenue à l’atelier de teinture');
    expect(main).toContain('href="/fr/course/welcome"');
    expect(main).not.toContain('href="/course/welcome"');
    expect(text).not.toContain('lessons complete');

    const lesson = await page('/fr/course/welcome');
    expect(lesson.statusCode).toBe(200);
    const lessonMain = mainOf(lesson.body);
    const lessonText = textOf(lessonMain);
    expect(lesson.body).toMatch(/<title>Bienvenue à l’atelier de teinture\b/);
    expect(lessonText).toContain('Pour commencer');
    expect(lessonText).toContain('Le tour des outils : une casserole inox');
    expect(lessonMain).not.toContain('<script>alert');
    expect(lessonText).toContain('Téléchargements');
    expect(lessonText).toContain('Liste des outils (1,5 Mo)');
    expect(lessonText).toContain('Leçon suivante Mordanting linen');
    expect(lessonText).toContain('Cours Toutes les leçons');
    expect(lessonMain).toContain('aria-label="Leçons"');
    expect(lessonMain).toContain('href="/fr/course/mordanting"');
    expect(lessonMain).toContain('name="language" value="fr"');
    for (const english of ['Next lesson', 'All lessons', 'Downloads', 'Tool list', 'Welcome to the dye studio']) expect(lessonText).not.toContain(english);

    const json = await member.browser.send('GET', '/fr/course/welcome?format=json');
    const context = json.json();
    expect(context.lesson).toMatchObject({ title: 'Bienvenue à l’atelier de teinture', chapterTitle: 'Pour commencer', url: '/fr/course/welcome' });
    expect(context.lesson.downloads).toEqual([{ name: 'Liste des outils', url: '/assets/tool-list.pdf', sizeText: '1,5 Mo' }]);
    expect(JSON.stringify(context.lesson.blocks)).toContain('Le tour des outils');

    // German has no translation of the lesson: its English title, with the German template texts.
    const de = textOf(mainOf((await page('/de/course/welcome')).body));
    expect(de).toContain('Welcome to the dye studio');
    expect(de).toContain('Nächste Lektion');
    expect(de).toContain('Tool list (1,5 MB)');
    // The primary language is as written.
    const en = textOf(mainOf((await page('/course/welcome')).body));
    expect(en).toContain('Welcome to the dye studio');
    expect(en).toContain('Tool list (1.5 MB)');
    expect(en).toContain('Next lesson');
  });

  it('marks a lesson complete from the French lesson page and comes back to it in French', async () => {
    const lesson = await page('/fr/course/welcome');
    const action = /<form class="lesson__progress" method="post" action="([^"]+)"/.exec(lesson.body)![1]!;
    const marked = await member.browser.send('POST', action, { form: { xsrfToken: member.xsrfToken, completed: 'true', language: 'fr' } });
    expect(marked.statusCode, marked.body).toBe(303);
    expect(marked.headers.location).toBe('/fr/course/welcome?marked=complete');
    const back = textOf(mainOf((await page(String(marked.headers.location))).body));
    expect(back).toContain('Leçon marquée comme terminée.');
    expect(textOf(mainOf((await page('/fr/course')).body))).toContain('1 leçons terminées sur 3 (33 %)');
    // Without a language the answer is the primary language's lesson.
    const english = await member.browser.send('POST', action, { form: { xsrfToken: member.xsrfToken, completed: 'false' } });
    expect(english.headers.location).toBe('/course/welcome?marked=incomplete');
  });

  it("flags a lesson title's translation stale when the English changes, and the site keeps showing the translation", async () => {
    const welcome = chapters[0]!.lessons[0]!;
    const changed = await owner.call('PUT', `${OWNER_COURSES_PATH}/${courseId}/lessons/${welcome.id}`, {
      chapterId: welcome.chapterId,
      title: 'Welcome to the studio',
      slug: welcome.slug,
      kind: welcome.kind,
      body: welcome.body,
      videoUrl: welcome.videoUrl,
      fileIds: welcome.fileIds,
      drip: welcome.drip,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const title = (await entries('fr')).find((e) => e.subjectId === welcome.id && e.field === 'title');
    expect(title).toMatchObject({ source: 'Welcome to the studio', translation: 'Bienvenue à l’atelier de teinture', state: 'stale' });
    const stale = await owner.call('GET', `${TranslationPaths.LIST}?language=fr&subjectType=course&state=stale`);
    expect((stale.json().entries as Entry[]).map((e) => e.field)).toEqual(['title']);
    expect(textOf(mainOf((await page('/fr/course')).body))).toContain('Bienvenue à l’atelier de teinture');
    expect(textOf(mainOf((await page('/course')).body))).toContain('Welcome to the studio');
    // Saving it again makes it current.
    expect((await save('fr', welcome.id, 'title', 'Bienvenue à l’atelier')).state).toBe('current');
  });

  it('shows the donate page title in French and German when the owner gave none', async () => {
    await saveDonationSettings(t.testDb.db, websiteId, {
      enabled: true,
      title: '',
      description: '',
      suggestedAmounts: [1000, 2500],
      allowCustom: true,
      minCents: 300,
      maxCents: 200_000,
      allowMonthly: true,
      thankYou: '',
    });
    const fr = await t.get(DEMO_SHOP_IDENTIFIER, '/fr/checkout/donate');
    expect(fr.statusCode).toBe(200);
    expect(mainOf(fr.body)).toMatch(/<h1 class="page__title">Faire un don<\/h1>/);
    const de = await t.get(DEMO_SHOP_IDENTIFIER, '/de/checkout/donate');
    expect(mainOf(de.body)).toMatch(/<h1 class="page__title">Spenden<\/h1>/);
    const en = await t.get(DEMO_SHOP_IDENTIFIER, '/checkout/donate');
    expect(mainOf(en.body)).toMatch(/<h1 class="page__title">Donate<\/h1>/);
  });

  it('shows the account notices in the page language: a sign-in link sent, an entry refused, an address refused, the language saved', async () => {
    const guest = await signedInShopper(t.app, t.testDb.db, HOST, websiteId, 'notices@course-tr.test');
    const sent = await guest.browser.send('POST', '/fr/account/login/link', { form: { 'link-email': 'someone@example.com' } });
    expect(sent.statusCode).toBe(202);
    expect(textOf(sent.body)).toContain('Si un compte existe avec cette adresse e-mail, un lien et un code de connexion sont en route.');
    const refused = await guest.browser.send('POST', '/fr/account/login/link', { form: { 'link-email': 'not an email' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('role="alert" id="account-notice">Saisissez l’adresse e-mail de votre compte.</p>');
    const de = await guest.browser.send('POST', '/de/account/login/code', { form: { 'code-email': 'someone@example.com', code: '12' } });
    expect(textOf(de.body)).toContain('Geben Sie den 6-stelligen Code aus der E-Mail ein.');
    const address = await guest.browser.send('POST', '/fr/account/addresses', { form: { xsrfToken: guest.xsrfToken, firstName: 'Ada' } });
    expect(address.statusCode).toBe(400);
    expect(textOf(address.body)).toContain('Veuillez compléter l’adresse de livraison.');
    const language = await guest.browser.send('POST', '/fr/account/locale', { form: { xsrfToken: guest.xsrfToken, language: 'fr' } });
    expect(language.statusCode).toBe(303);
    expect(language.headers.location).toBe('/fr/account?saved=language');
    const account = await guest.browser.send('GET', String(language.headers.location), { headers: { accept: 'text/html' } });
    expect(account.body).toContain('role="status" id="account-notice">Votre langue est enregistrée.</p>');
    const english = await guest.browser.send('GET', '/account?saved=language', { headers: { accept: 'text/html' } });
    expect(english.body).toContain('role="status" id="account-notice">Your language is saved.</p>');
    const bad = await guest.browser.send('POST', '/fr/account/locale', { form: { xsrfToken: guest.xsrfToken, language: 'x' } });
    expect(textOf(bad.body)).toContain('Choisissez un code de langue comme en ou pt-BR.');
  });
});
