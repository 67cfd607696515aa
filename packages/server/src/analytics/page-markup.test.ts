import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentTestApp, type ContentSite, type ContentTestApp } from '../../test-support/content-test-kit.js';

/** The `<body>` start tag of a page: the visit-recording client reads the page type and ids from it. */
async function bodyTag(t: ContentTestApp, host: string, path: string): Promise<{ status: number; tag: string }> {
  const response = await t.app.inject({ method: 'GET', url: path, headers: { host, accept: 'text/html' } });
  return { status: response.statusCode, tag: /<body[^>]*>/.exec(response.body)?.[0] ?? '' };
}

describe('page markup read by the visit-recording client (spec 2 page types, spec 3 census hit data)', () => {
  let t: ContentTestApp;
  let open: ContentSite;
  let restrictive: ContentSite;
  beforeAll(async () => {
    t = await createContentTestApp({ pages: true });
    open = await t.seedSite({ identifier: 'markup-open', title: 'Open' });
    await t.seedSite({ identifier: 'markup-locked', title: 'Locked', settings: { lockScreen: true } });
    restrictive = await t.seedSite({ identifier: 'markup-strict', title: 'Strict', settings: { restrictiveCookiePolicy: true } });
  });
  afterAll(() => t.close());

  it('an item page carries its page type, item id, collection id and record type', async () => {
    const { status, tag } = await bodyTag(t, t.hostOf(open.site), '/shop/mug');
    expect(status).toBe(200);
    expect(tag).toContain('class="page-type-50 ');
    expect(tag).toContain(`data-item-id="${open.productId}"`);
    expect(tag).toMatch(/data-collection-id="[0-9a-f]+"/);
    expect(tag).toContain('data-record-type="11"');
    expect(tag).not.toContain('data-cookie-policy');
  });

  it.each([
    ['not found', 'markup-open', '/no-such-page', 404, 100],
    ['search', 'markup-open', '/search?q=mug', 200, 102],
    ['member-area access denied', 'markup-open', '/private', 403, 106],
    ['lock screen', 'markup-locked', '/', 403, 103],
  ])('the %s page says page-type-%i', async (_name, identifier, path, status, pageType) => {
    const page = await bodyTag(t, `${identifier}.localhost`, path);
    expect(page.status).toBe(status);
    expect(page.tag).toContain(`class="page-type-${pageType} `);
    expect(page.tag).not.toContain('data-item-id');
  });

  it('a site with a restrictive cookie policy says so', async () => {
    expect((await bodyTag(t, t.hostOf(restrictive.site), '/shop/mug')).tag).toContain('data-cookie-policy="restrictive"');
  });
});
