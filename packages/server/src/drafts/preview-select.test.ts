import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { collections } from '../db/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { PreviewMessage } from './preview-messages.js';
import { DraftPaths } from './routes.js';

// Selecting a block in the editor's preview frame (issue 26, item 6): only preview renders name their blocks and carry the selection script.
const DEMO_HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;
let t: PagesTestApp;
let admin: OwnerClient;
let aboutId: string;

beforeAll(async () => {
  t = await createPagesTestApp();
  const { db } = t.testDb;
  const demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
  await makeOwner(db, demo.id, 'admin@preview-select.test', 'admin');
  admin = await signInOwner(t.app, DEMO_HOST, 'admin@preview-select.test');
  const [about] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.websiteId, demo.id), eq(collections.urlId, 'about')));
  aboutId = about!.id;
});
afterAll(async () => {
  await t?.close();
});

async function previewCookie(path: string): Promise<string> {
  const link = await admin.call('POST', DraftPaths.PREVIEW, { path });
  const url = new URL(link.json().url as string);
  const opened = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: DEMO_HOST } });
  expect(opened.statusCode).toBe(303);
  return String(opened.headers['set-cookie']).split(';')[0]!;
}

const blockIds = (html: string) => [...html.matchAll(/data-block-id="([^"]*)"/g)].map((m) => m[1]);

describe("the preview's block selection", () => {
  it('marks each page block by its place in the layout and adds the script, with the nonce, talking to the dashboard only', async () => {
    const saved = await admin.call('PUT', DraftPaths.DRAFTS, {
      subject: `collection:${aboutId}`,
      value: {
        blocks: [
          { typeName: 'legacy-slideshow', slides: 3 },
          { typeName: 'html', html: '<p>Drafted first text.</p>' },
          { typeName: 'quote', text: 'Linen gets softer every wash.' },
        ],
      },
      baseVersion: 0,
    });
    expect(saved.statusCode).toBe(200);
    const preview = await t.get(DEMO_SHOP_IDENTIFIER, '/about', { cookie: await previewCookie('/about') });
    expect(preview.statusCode).toBe(200);
    // The kind the site does not render keeps its place: the text is block 1 as in the editor's list.
    expect(blockIds(preview.body)).toEqual(['1', '2']);
    expect(preview.body).toMatch(/<div data-block-id="1" style="display: contents">\s*<section[^>]*block--html[\s\S]*Drafted first text/);
    const nonce = /'nonce-([^']+)'/.exec(String(preview.headers['content-security-policy']))![1]!;
    const script = new RegExp(
      `<script nonce="${nonce.replace(/[+/=]/g, '\\$&')}">\\(function \\(admin\\)[\\s\\S]*?\\}\\)\\("http://admin\\.localhost(:\\d+)?"\\);</script>`,
    );
    expect(preview.body).toMatch(script);
    expect(preview.body).toContain(PreviewMessage.CHOSEN);
    expect(preview.body).toContain('event.origin !== admin || event.source !== host');
  });

  it('never marks a published page, not even after a preview of it or with a mark stored in a block', async () => {
    const { db } = t.testDb;
    const [about] = await db.select().from(collections).where(eq(collections.id, aboutId));
    const settings = about!.settings as Record<string, unknown>;
    const stored = [{ typeName: 'html', html: '<p>Published text.</p>', previewBlockId: '7' }];
    await db
      .update(collections)
      .set({ settings: { ...settings, blocks: stored } })
      .where(eq(collections.id, aboutId));
    await t.get(DEMO_SHOP_IDENTIFIER, '/about', { cookie: await previewCookie('/about') });
    for (let i = 0; i < 2; i++) {
      const page = await t.get(DEMO_SHOP_IDENTIFIER, '/about');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Published text.');
      expect(blockIds(page.body)).toEqual([]);
      expect(page.body).not.toContain(PreviewMessage.READY);
    }
  });

  it("marks the blocks of the theme's shared areas (footer, sidebar) by area and place, in the preview only", async () => {
    const { db } = t.testDb;
    const demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
    await db.execute(sql`UPDATE websites SET settings = settings || '{"theme":"magazine"}'::jsonb WHERE id = ${demo.id}`);
    try {
      const saved = await admin.call('PUT', DraftPaths.DRAFTS, {
        subject: 'settings.blockFields',
        value: { footer: [{ typeName: 'quote', text: 'Made in the valley.' }], sidebar: [{ typeName: 'line' }, { typeName: 'quote', text: 'Side note.' }] },
        baseVersion: 0,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const preview = await t.get(DEMO_SHOP_IDENTIFIER, '/journal', { cookie: await previewCookie('/journal') });
      expect(preview.statusCode).toBe(200);
      const ids = blockIds(preview.body);
      expect(ids).toEqual(expect.arrayContaining(['f:footer:0', 'f:sidebar:0', 'f:sidebar:1']));
      expect(preview.body).toMatch(/<div data-block-id="f:footer:0" style="display: contents">[\s\S]*?Made in the valley\./);
      const published = await t.get(DEMO_SHOP_IDENTIFIER, '/journal');
      expect(blockIds(published.body)).toEqual([]);
    } finally {
      await admin.call('DELETE', `${DraftPaths.DRAFTS}?subject=settings.blockFields`);
      await db.execute(sql`UPDATE websites SET settings = settings || '{"theme":"default"}'::jsonb WHERE id = ${demo.id}`);
    }
  });
});
