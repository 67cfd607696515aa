import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readThemeDir } from '@emporium/theme';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { websites } from '../db/index.js';
import { DraftPaths } from '../drafts/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { installTheme, ThemePaths } from '../themes/index.js';
import { BLOCK_FIELDS_PATH, blockFieldProblem, GridMessages } from './index.js';

const TEST_THEMES = join(dirname(createRequire(import.meta.url).resolve('@emporium/theme/package.json')), 'test-themes');
const intro = [{ typeName: 'quote', text: 'Welcome' }, { typeName: 'line' }];

describe('block fields: lock-layout keeps the layout, columns="1" keeps one column (#26 item 2)', () => {
  it('allows content edits of a locked field only, and nothing beside another in a one-column field', () => {
    const rules = [
      { id: 'intro', columns: 12, lockLayout: true },
      { id: 'sidebar', columns: 1, lockLayout: false },
    ];
    const edited = { intro: [{ typeName: 'quote', text: 'Hello again' }, { typeName: 'line' }] };
    expect(blockFieldProblem(rules, { intro }, edited)).toBeUndefined();
    expect(blockFieldProblem(rules, { intro }, { intro: [...intro, { typeName: 'line' }] })).toEqual({ fieldId: 'intro', message: GridMessages.LOCKED });
    expect(blockFieldProblem(rules, { intro }, { intro: [...intro].reverse() })?.message).toBe(GridMessages.LOCKED);
    expect(blockFieldProblem(rules, { intro }, { intro: intro.slice(1) })?.message).toBe(GridMessages.LOCKED);
    const beside = [
      { typeName: 'line', grid: { span: 6 } },
      { typeName: 'line', grid: { span: 6, beside: true } },
    ];
    expect(blockFieldProblem(rules, { intro }, { intro, sidebar: beside })).toEqual({ fieldId: 'sidebar', message: GridMessages.SINGLE_COLUMN });
  });

  describe('through the drafts call on both databases', () => {
    let t: PagesTestApp;
    let admin: OwnerClient;

    beforeAll(async () => {
      t = await createPagesTestApp();
      const db = t.testDb.db;
      const site = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
      await makeOwner(db, site.id, 'admin@fields.test', 'admin');
      admin = await signInOwner(t.app, `${DEMO_SHOP_IDENTIFIER}.localhost`, 'admin@fields.test');
      await installTheme(db, t.app.emporium.themes, readThemeDir(join(TEST_THEMES, 'everything')));
      const chosen = await admin.call('PUT', ThemePaths.THEME, { themeId: 'everything' });
      expect(chosen.statusCode, chosen.body).toBe(200);
      await db
        .update(websites)
        .set({ settings: sql`${websites.settings} || ${JSON.stringify({ blockFields: { intro } })}::jsonb` })
        .where(eq(websites.id, site.id));
    }, 120_000);
    afterAll(() => t?.close());

    const save = (value: unknown) => admin.call('PUT', DraftPaths.DRAFTS, { subject: 'settings.blockFields', value, baseVersion: 0 });

    it("lists the theme's block fields with their columns and lock", async () => {
      const listed = await admin.call('GET', BLOCK_FIELDS_PATH);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().fields).toContainEqual({ id: 'intro', label: 'Introduction', columns: 12, lockLayout: true });
    });

    it('refuses adding a block to the lock-layout field with the message, and takes an edit of its text', async () => {
      const refused = await save({ intro: [...intro, { typeName: 'quote', text: 'More' }] });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toBe(GridMessages.LOCKED);
      expect(refused.json().fields.intro).toBe(GridMessages.LOCKED);
      const edited = await save({ intro: [{ typeName: 'quote', text: 'Welcome in' }, { typeName: 'line' }] });
      expect(edited.statusCode, edited.body).toBe(200);
    });
  });
});
