import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CustomerSites, createCustomerSites, postWithoutCrumb } from '../../test-support/customers-test-kit.js';
import type { OwnerClient } from '../../test-support/owners.js';
import { signedInShopper } from '../../test-support/site-users.js';
import type { TestApp } from '../../test-support/test-app.js';
import { availableDialects } from '../../test-support/test-db.js';
import type { Website } from '../sites/index.js';
import { CUSTOMER_NOTE_MAX_LENGTH, CUSTOMER_TAGS_MAX, CustomerNoteMessages } from './customer-notes-messages.js';
import { CUSTOMERS_PATH, SITE_USER_DATA_PATH } from './index.js';

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');

describe.each(availableDialects())("the owner's notes and tags on a customer (issue 28, owner side) on %s", (dialect) => {
  let t: TestApp;
  let a: Website;
  let admin: OwnerClient;
  let manager: OwnerClient;
  let editor: OwnerClient;
  let otherAdmin: OwnerClient;
  let sites: CustomerSites | undefined;

  beforeAll(async () => {
    sites = await createCustomerSites(dialect, 'Notes');
    ({ t, a, admin, manager, editor, otherAdmin } = sites);
  }, 120_000);
  afterAll(() => sites?.close());

  it('adds, lists (newest first) and deletes notes; the customer never sees them; roles, sites, limits and the crumb are checked', async () => {
    const ada = await signedInShopper(t.app, t.testDb.db, t.hostOf(a), a.id, `ada.${dialect}@example.com`);
    const notes = `${CUSTOMERS_PATH}/${ada.siteUserId}/notes`;

    const first = await admin.call('POST', notes, { body: '  Prefers delivery after 6 pm  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ body: 'Prefers delivery after 6 pm', authorEmail: 'admin@a.test' });
    const second = await admin.call('POST', notes, { body: 'Asked for a refund on the linen shirt' });
    expect(second.statusCode).toBe(201);

    // customers:read lists them (the store manager), newest first; the editor has no customers.
    const listed = await manager.call('GET', notes);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().notes.map((n: { body: string }) => n.body)).toEqual(['Asked for a refund on the linen shirt', 'Prefers delivery after 6 pm']);
    expect((await editor.call('GET', notes)).statusCode).toBe(403);

    // Writing needs customers:write: the store manager reads customers only.
    const refused = await manager.call('POST', notes, { body: 'Not allowed' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('customers:write');
    expect((await manager.call('DELETE', `${notes}/${first.json().id}`)).statusCode).toBe(403);
    const noCrumb = await postWithoutCrumb(t, admin, notes, { body: 'No crumb' });
    expect([401, 403]).toContain(noCrumb.statusCode);

    // Clear messages for an empty or long note, 413 past the body limit.
    const empty = await admin.call('POST', notes, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(CustomerNoteMessages.NOTE_EMPTY);
    const long = await admin.call('POST', notes, { body: 'x'.repeat(CUSTOMER_NOTE_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(CustomerNoteMessages.NOTE_TOO_LONG);
    expect((await admin.call('POST', notes, { body: 'x'.repeat(CUSTOMER_NOTE_MAX_LENGTH) })).statusCode).toBe(201);
    expect((await admin.call('POST', notes, { body: 'x'.repeat(20_000) })).statusCode).toBe(413);

    // Another site's owner reaches neither the customer nor the note.
    expect((await otherAdmin.call('GET', notes)).statusCode).toBe(404);
    expect((await otherAdmin.call('POST', notes, { body: 'Sneaky' })).statusCode).toBe(404);
    expect((await otherAdmin.call('DELETE', `${notes}/${first.json().id}`)).statusCode).toBe(404);

    // Internal: not in the customer's own data download, nor on their account pages.
    const data = await ada.browser.send('GET', SITE_USER_DATA_PATH);
    expect(data.statusCode, data.body).toBe(200);
    expect(data.body).not.toContain('Prefers delivery');
    expect(data.body).not.toContain('refund on the linen');
    const account = await ada.browser.send('GET', '/account', { headers: { accept: 'text/html' } });
    expect(account.body).not.toContain('Prefers delivery');

    const deleted = await admin.call('DELETE', `${notes}/${first.json().id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await admin.call('DELETE', `${notes}/${first.json().id}`)).json().message).toBe(CustomerNoteMessages.NOTE_NOT_FOUND);
    expect((await admin.call('GET', notes)).json().notes.map((n: { body: string }) => n.body)).not.toContain('Prefers delivery after 6 pm');
    const audit = (await admin.call('GET', '/api/owner/audit')).json().entries.map((e: { action: string }) => e.action);
    expect(audit).toEqual(expect.arrayContaining(['site-user.note-add', 'site-user.note-delete']));
  }, 120_000);

  it('adds and removes tags (unique whatever the case, at most 20, 40 characters), filters the list and the CSV by a tag, with a Tags column', async () => {
    const bea = await signedInShopper(t.app, t.testDb.db, t.hostOf(a), a.id, `bea.${dialect}@example.com`);
    const cleo = await signedInShopper(t.app, t.testDb.db, t.hostOf(a), a.id, `cleo.${dialect}@example.com`);
    const tags = (id: string) => `${CUSTOMERS_PATH}/${id}/tags`;

    const added = await admin.call('POST', tags(bea.siteUserId), { tag: '  Wholesale   buyer ' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().tags).toEqual(['Wholesale buyer']);
    expect((await admin.call('POST', tags(bea.siteUserId), { tag: 'VIP' })).json().tags).toEqual(['Wholesale buyer', 'VIP']);
    const duplicate = await admin.call('POST', tags(bea.siteUserId), { tag: 'vip' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(CustomerNoteMessages.TAG_TAKEN);
    expect((await admin.call('POST', tags(cleo.siteUserId), { tag: 'vip' })).statusCode).toBe(201);

    const tooLong = await admin.call('POST', tags(bea.siteUserId), { tag: 'x'.repeat(41) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(CustomerNoteMessages.TAG_TOO_LONG);
    const comma = await admin.call('POST', tags(bea.siteUserId), { tag: 'a, b' });
    expect(comma.json().message).toBe(CustomerNoteMessages.TAG_CHARACTERS);
    expect((await admin.call('POST', tags(bea.siteUserId), { tag: '' })).json().message).toBe(CustomerNoteMessages.TAG_EMPTY);
    expect((await manager.call('POST', tags(bea.siteUserId), { tag: 'Nope' })).statusCode).toBe(403);
    expect((await otherAdmin.call('POST', tags(bea.siteUserId), { tag: 'Nope' })).statusCode).toBe(404);

    // The detail shows the tags to customers:read.
    const detail = await manager.call('GET', `${CUSTOMERS_PATH}/${bea.siteUserId}`);
    expect(detail.json().tags).toEqual(['Wholesale buyer', 'VIP']);

    // The list filters by a tag in any case and shows each customer's tags; the CSV follows the same filter.
    const vip = await manager.call('GET', `${CUSTOMERS_PATH}?tag=VIP`);
    expect(vip.statusCode, vip.body).toBe(200);
    expect(vip.json().customers.map((c: { email: string; tags: string[] }) => [c.email, c.tags])).toEqual([
      [`cleo.${dialect}@example.com`, ['vip']],
      [`bea.${dialect}@example.com`, ['Wholesale buyer', 'VIP']],
    ]);
    expect((await manager.call('GET', `${CUSTOMERS_PATH}?tag=${encodeURIComponent('wholesale BUYER')}`)).json().customers).toHaveLength(1);
    expect((await manager.call('GET', `${CUSTOMERS_PATH}?tag=nobody`)).json().customers).toEqual([]);
    const csv = await manager.call('GET', `${CUSTOMERS_PATH}/export.csv?tag=vip`);
    expect(csv.statusCode).toBe(200);
    const lines = csvLines(csv.body);
    expect(lines[0]).toBe('"Email","Name","Email verified","Language","Created","Last sign-in","Tags"');
    expect(lines).toHaveLength(3);
    expect(lines.find((line) => line.startsWith(`"bea.${dialect}@`))).toMatch(/,"Wholesale buyer, VIP"$/);
    expect(csvLines((await manager.call('GET', `${CUSTOMERS_PATH}/export.csv?tag=vip&search=cleo`)).body)).toHaveLength(2);
    expect((await otherAdmin.call('GET', `${CUSTOMERS_PATH}?tag=vip`)).json().customers).toEqual([]);

    // Removing takes any case; an unknown tag is 404.
    const removed = await admin.call('DELETE', `${tags(bea.siteUserId)}/${encodeURIComponent('wholesale buyer')}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().tags).toEqual(['VIP']);
    const gone = await admin.call('DELETE', `${tags(bea.siteUserId)}/${encodeURIComponent('wholesale buyer')}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(CustomerNoteMessages.TAG_NOT_FOUND);

    // At most 20 tags per customer, also when two owners add the 20th at once (the account row is locked).
    for (let i = 1; i < CUSTOMER_TAGS_MAX - 1; i++) expect((await admin.call('POST', tags(bea.siteUserId), { tag: `Tag ${i}` })).statusCode).toBe(201);
    const race = await Promise.all(['Last A', 'Last B'].map((tag) => admin.call('POST', tags(bea.siteUserId), { tag })));
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const full = await admin.call('POST', tags(bea.siteUserId), { tag: 'One more' });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(CustomerNoteMessages.TAGS_FULL);
    expect((await admin.call('GET', `${CUSTOMERS_PATH}/${bea.siteUserId}`)).json().tags).toHaveLength(CUSTOMER_TAGS_MAX);
  }, 120_000);

  it('erasing the customer deletes their notes and tags (personal data about the person), and nobody else’s', async () => {
    const dora = await signedInShopper(t.app, t.testDb.db, t.hostOf(a), a.id, `dora.${dialect}@example.com`);
    const eve = await signedInShopper(t.app, t.testDb.db, t.hostOf(a), a.id, `eve.${dialect}@example.com`);
    for (const person of [dora, eve]) {
      expect((await admin.call('POST', `${CUSTOMERS_PATH}/${person.siteUserId}/notes`, { body: 'Called about the order' })).statusCode).toBe(201);
      expect((await admin.call('POST', `${CUSTOMERS_PATH}/${person.siteUserId}/tags`, { tag: 'Regular' })).statusCode).toBe(201);
    }
    const erased = await admin.call('DELETE', `${CUSTOMERS_PATH}/${dora.siteUserId}`);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().counts).toMatchObject({ notes: 1, tags: 1 });
    const left = async (table: string, id: string) =>
      (
        (await t.testDb.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE website_id = ${a.id} AND site_user_id = ${id}`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    expect(await left('customer_notes', dora.siteUserId)).toBe(0);
    expect(await left('customer_tags', dora.siteUserId)).toBe(0);
    expect(await left('customer_notes', eve.siteUserId)).toBe(1);
    expect((await admin.call('GET', `${CUSTOMERS_PATH}/${eve.siteUserId}`)).json().tags).toEqual(['Regular']);
    expect((await admin.call('GET', `${CUSTOMERS_PATH}/${dora.siteUserId}/notes`)).statusCode).toBe(404);
  }, 120_000);
});
