import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSubmissions } from '../db/schema.js';
import { createForm, type FormRow } from '../forms/form-repository.js';
import { everyKindForm } from '../forms/forms-fixtures.js';
import { createFormsTestApp, type FormsTestApp } from '../../test-support/forms-test-app.js';
import { encodeCursor } from '../http/page-cursor.js';
import type { Website } from '../sites/website.js';

const OWNER_TOKEN = 'owner-token-for-submission-pages';
const owner = { headers: { authorization: `Bearer ${OWNER_TOKEN}` } };
const TOTAL = 130;

interface Listed {
  id: string;
  createdAt: string;
  data: Record<string, unknown>;
}

describe('owner submissions API pages with a cursor (issue 7)', () => {
  let t: FormsTestApp;
  let site: Website;
  let other: Website;
  let form: FormRow;
  let second: FormRow;
  let foreign: FormRow;

  /** Stores `count` submissions of a form; every third shares its timestamp with the one before. */
  async function seed(target: FormRow, count: number, label: string): Promise<void> {
    const start = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: count }, (_, i) => ({
      websiteId: target.websiteId,
      formId: target.id,
      submissionKey: `${label}-${i}`,
      data: { n: i, label },
      createdAt: new Date(start + (i - (i % 3 === 2 ? 1 : 0)) * 1000),
    }));
    await t.testDb.db.insert(formSubmissions).values(rows);
  }

  const list = (target: Website, formId: string, query = '') => t.call(target, 'GET', `/api/owner/forms/${formId}/submissions${query}`, undefined, owner);

  async function readAll(target: Website, formId: string, limit: number): Promise<{ pages: number; rows: Listed[] }> {
    const rows: Listed[] = [];
    let cursor = '';
    for (let pages = 1; ; pages += 1) {
      const response = await list(target, formId, `?limit=${limit}&cursor=${cursor}`);
      expect(response.statusCode).toBe(200);
      const page = response.json();
      rows.push(...page.submissions);
      if (!page.hasNextPage) {
        expect(page.nextPageCursor).toBeNull();
        return { pages, rows };
      }
      expect(page.submissions).toHaveLength(limit);
      cursor = page.nextPageCursor;
    }
  }

  beforeAll(async () => {
    t = await createFormsTestApp({ ownerToken: OWNER_TOKEN });
    site = await t.createSite({ identifier: 'pages-a', title: 'Pages A' });
    other = await t.createSite({ identifier: 'pages-b', title: 'Pages B' });
    form = await createForm(t.testDb.db, site.id, everyKindForm('p'));
    second = await createForm(t.testDb.db, site.id, everyKindForm('q'));
    foreign = await createForm(t.testDb.db, other.id, everyKindForm('r'));
    await seed(form, TOTAL, 'a');
    await seed(second, 3, 'b');
    await seed(foreign, 3, 'c');
  });
  afterAll(() => t.close());

  it('answers the first page (50 by default) with hasNextPage and nextPageCursor instead of a silently cut list', async () => {
    const response = await list(site, form.id);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.submissions).toHaveLength(50);
    expect(page.hasNextPage).toBe(true);
    expect(typeof page.nextPageCursor).toBe('string');
    expect(page.submissions[0].data).toEqual({ n: TOTAL - 1, label: 'a' });
  });

  it('walks every submission exactly once, newest first, including ones that share a timestamp', async () => {
    const { pages, rows } = await readAll(site, form.id, 40);
    expect(pages).toBe(4);
    expect(rows).toHaveLength(TOTAL);
    expect(new Set(rows.map((r) => r.id)).size).toBe(TOTAL);
    expect(rows.every((r) => r.data.label === 'a')).toBe(true);
    const times = rows.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(new Set(rows.map((r) => r.data.n))).toEqual(new Set(Array.from({ length: TOTAL }, (_, i) => i)));
  });

  it('walks rows stamped by the database clock (microseconds) without skipping or repeating one', async () => {
    const stamped = await createForm(t.testDb.db, site.id, everyKindForm('s'));
    await t.testDb.db
      .insert(formSubmissions)
      .values(Array.from({ length: 7 }, (_, i) => ({ websiteId: site.id, formId: stamped.id, submissionKey: `s-${i}`, data: { n: i } })));
    const { rows } = await readAll(site, stamped.id, 2);
    expect(rows.map((r) => r.data.n).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('caps the page size at 100 and refuses a limit that is not a whole number of at least 1', async () => {
    expect((await list(site, form.id, '?limit=1000')).json().submissions).toHaveLength(100);
    for (const limit of ['0', '-1', 'abc', '2.5']) {
      const response = await list(site, form.id, `?limit=${limit}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('limit must be a whole number from 1 to 100.');
    }
  });

  it('answers 400 for a malformed cursor', async () => {
    for (const cursor of [
      'garbage',
      encodeCursor(['x', 'y']),
      encodeCursor(['1']),
      encodeCursor(['99999999999999999999', 'y']),
      Buffer.from('{"a":1}').toString('base64url'),
      'a'.repeat(2000),
    ]) {
      const response = await list(site, form.id, `?cursor=${cursor}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('cursor is not valid.');
    }
  });

  it('never shows rows of another form or site, whatever cursor is sent', async () => {
    const fromA = (await list(site, form.id, '?limit=5')).json().nextPageCursor as string;
    const onSecond = (await list(site, second.id, `?cursor=${fromA}`)).json();
    expect(onSecond.submissions.map((r: Listed) => r.data.label)).toEqual(['b', 'b', 'b']);
    const onForeign = await list(other, foreign.id, `?cursor=${fromA}`);
    expect(onForeign.json().submissions.map((r: Listed) => r.data.label)).toEqual(['c', 'c', 'c']);
    expect((await list(other, form.id)).statusCode).toBe(404);
  });

  it('keeps the CSV export complete', async () => {
    const csv = await t.app.inject({ method: 'GET', url: `/api/owner/forms/${form.id}/submissions.csv`, headers: { host: t.hostOf(site), ...owner.headers } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.replace('\uFEFF', '').trim().split('\r\n')).toHaveLength(TOTAL + 1);
  });
});
