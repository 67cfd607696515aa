import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crumbForHost } from '../../test-support/test-app.js';
import type { LightMyRequestResponse } from 'fastify';
import { forms } from '../db/index.js';
import { staticIslandAssets } from '../pages/island-assets.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { parsePopupSettings, POPUP_POSITIONS } from './popup-settings.js';

describe('parsePopupSettings', () => {
  const valid = { enabled: true, version: 2, position: 'top-left', title: 'Join us', text: 'Monthly notes', formId: 'f1' };

  it('accepts the nine positions and normalises the version', () => {
    for (const position of POPUP_POSITIONS) expect(parsePopupSettings({ ...valid, position }).position).toBe(position);
    expect(parsePopupSettings(valid)).toEqual({ ...valid, version: '2' });
    expect(parsePopupSettings({ enabled: false, title: 'T', formId: 'f' })).toMatchObject({ version: '1', position: 'bottom-right', text: '' });
  });

  it('rejects bad input with a message naming the field', () => {
    expect(() => parsePopupSettings(null)).toThrow(/must be an object/);
    expect(() => parsePopupSettings({ ...valid, enabled: 'yes' })).toThrow(/enabled/);
    expect(() => parsePopupSettings({ ...valid, position: 'middle' })).toThrow(/position must be one of top-left/);
    expect(() => parsePopupSettings({ ...valid, title: ' ' })).toThrow(/title/);
    expect(() => parsePopupSettings({ ...valid, version: 'v 1' })).toThrow(/version/);
    expect(() => parsePopupSettings({ ...valid, formId: undefined })).toThrow(/formId/);
  });
});

const OWNER_TOKEN = 'popup-owner-token-0123456789';
let t: PagesTestApp;
let crumb = '';

beforeAll(async () => {
  t = await createPagesTestApp({ islands: staticIslandAssets(true), config: { ownerToken: OWNER_TOKEN } });
  crumb = await crumbForHost(t.app, 'demo.localhost');
});
afterAll(async () => {
  await t?.close();
});

function ownerPut(body: unknown, owner = true): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT',
    url: '/api/owner/popup-overlay',
    headers: {
      host: 'demo.localhost',
      cookie: `crumb=${crumb}`,
      'x-csrf-token': crumb,
      'content-type': 'application/json',
      ...(owner ? { authorization: `Bearer ${OWNER_TOKEN}` } : {}),
    },
    payload: JSON.stringify(body),
  });
}

describe('popup overlay settings and page props', () => {
  it('adds PopupOverlay island props to ordinary pages once the owner enables it', async () => {
    const siteId = String((await t.context('demo', '/')).json.website.id);
    const [form] = await t.testDb.db
      .select({ id: forms.id })
      .from(forms)
      .where(and(eq(forms.websiteId, siteId)));
    expect((await t.context('demo', '/about')).json.render.islands.popupOverlay).toBeUndefined();
    expect((await ownerPut({ enabled: true, title: 'Letters from the studio', formId: form!.id }, false)).statusCode).toBe(401);
    expect((await ownerPut({ enabled: true, title: 'x', formId: 'not-a-form' })).statusCode).toBe(400);
    const put = await ownerPut({
      enabled: true,
      version: '3',
      position: 'center-center',
      title: 'Letters from the studio',
      text: 'One email a month.',
      formId: form!.id,
    });
    expect(put.statusCode).toBe(200);
    const props = (await t.context('demo', '/about')).json.render.islands.popupOverlay;
    expect(props).toMatchObject({
      version: '3',
      position: 'center-center',
      title: 'Letters from the studio',
      text: 'One email a month.',
      form: { id: form!.id },
      page: { pagePath: '/about' },
    });
    const html = (await t.get('demo', '/about')).body;
    expect(html).toContain('data-island="PopupOverlay"');
    expect((await t.context('demo', '/cart')).json.render.islands.popupOverlay).toBeUndefined();
    await ownerPut({ enabled: false, title: 'Letters from the studio', formId: form!.id });
    expect((await t.context('demo', '/about')).json.render.islands.popupOverlay).toBeUndefined();
  });
});
