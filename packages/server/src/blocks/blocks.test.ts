import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { DEMO_SHOP_IDENTIFIER, JOURNAL_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { PagePaths } from '../site-pages/routes.js';
import { selectTheme } from '../themes/index.js';
import { BLOCK_KIND_LIST, ChartMessages, ImageMessages, NewsletterMessages } from './index.js';

const pagePath = (id: string) => PagePaths.PAGE.replace(':id', id);
const ATTACK = '<script>alert(1)</script><img src="/x.png" onerror="alert(2)" alt="">';

/** One block of every kind the dashboard edits, with hostile text where a visitor would see it. */
function everyKind(newsletterFormId: string): Record<string, unknown>[] {
  return [
    { typeName: 'html', html: `<p>Autumn <strong>linen</strong></p>${ATTACK}` },
    { typeName: 'quote', text: 'Less, but <b>better</b>.', source: 'Dieter' },
    { typeName: 'button', text: 'Shop "linen"', url: '/shop', style: 'secondary', align: 'center' },
    { typeName: 'spacer', height: 64 },
    { typeName: 'line' },
    {
      typeName: 'image',
      assetUrl: '/assets/hill.jpg',
      width: 1600,
      height: 900,
      altText: 'Hills at dawn',
      caption: 'From the <i>door</i>',
      focalPoint: { x: 0.2, y: 0.8 },
      sizes: '100vw',
    },
    { typeName: 'markdown', markdown: `# Care\n\nWash **cold**.\n\n<script>alert(3)</script>\n\n[x](javascript:alert(4))` },
    {
      typeName: 'video',
      url: 'https://www.youtube.com/watch?v=abc',
      title: 'Dyeing day',
      html: '<iframe src="https://www.youtube.com/embed/abc"></iframe><script>alert(5)</script>',
    },
    { typeName: 'embed', url: 'https://codepen.io/x/pen/y', title: 'A pen', providerName: 'CodePen' },
    {
      typeName: 'accordion',
      items: [
        { title: 'Shipping', body: 'Two days <script>' },
        { title: 'Returns', body: 'Thirty days' },
      ],
      openFirst: true,
    },
    { typeName: 'code', code: '<b>x</b> & y', display: 'source', language: 'html' },
    {
      typeName: 'chart',
      chartType: 'bar',
      title: 'Sales',
      data: [
        ['Month', 'Shirts', 'Mugs'],
        ['Jan', '10', '4'],
        ['Feb', '12', '7'],
      ],
    },
    { typeName: 'map', address: '12 Warren Street, Hudson, NY', label: 'The studio' },
    { typeName: 'search', label: 'Search the shop', placeholder: 'Linen…' },
    { typeName: 'social-links', links: [{ url: 'https://www.instagram.com/fernfield' }, { url: 'https://mastodon.social/@fern' }] },
    { typeName: 'newsletter', formId: newsletterFormId },
    { typeName: 'menu', sections: [{ title: 'Drinks', items: [{ name: 'Tea', price: '$3', description: 'Green <em>or</em> black' }] }] },
    { typeName: 'audio', url: '/assets/river.mp3', title: 'River', artist: 'Jonah' },
  ];
}

describe('block kinds of page layouts (#26 item 2)', () => {
  let t: PagesTestApp;
  const sites: Record<string, { id: string; host: string; admin: OwnerClient; newsletter: string }> = {};
  let editor: OwnerClient;

  beforeAll(async () => {
    t = await createPagesTestApp();
    const db = t.testDb.db;
    for (const identifier of [DEMO_SHOP_IDENTIFIER, JOURNAL_IDENTIFIER]) {
      const site = (await findWebsiteByIdentifier(db, identifier))!;
      await makeOwner(db, site.id, `admin@${identifier}.test`, 'admin');
      const host = `${identifier}.localhost`;
      const forms = await t.app.inject({ method: 'GET', url: `/${''}?format=json`, headers: { host } });
      const newsletter = JSON.stringify(forms.json()).match(/"newsletter","formId":"([0-9a-f]+)"/)?.[1] ?? '';
      sites[identifier] = { id: site.id, host, admin: await signInOwner(t.app, host, `admin@${identifier}.test`), newsletter };
    }
    expect(await selectTheme(db, t.app.emporium.themes, sites[JOURNAL_IDENTIFIER]!.id, 'magazine')).toBe(true);
    await makeOwner(db, sites[DEMO_SHOP_IDENTIFIER]!.id, 'editor@blocks.test', 'editor');
    editor = await signInOwner(t.app, sites[DEMO_SHOP_IDENTIFIER]!.host, 'editor@blocks.test');
  }, 120_000);
  afterAll(() => t?.close());

  async function publishedPage(owner: OwnerClient, title: string, blocks: unknown[]) {
    const created = await owner.call('POST', PagePaths.PAGES, { kind: 'page', title });
    expect(created.statusCode, created.body).toBe(201);
    return owner.call('PATCH', pagePath(created.json().id), { version: created.json().version, enabled: true, blocks });
  }

  it.each([DEMO_SHOP_IDENTIFIER, JOURNAL_IDENTIFIER])('stores and renders every kind through the %s site’s theme, escaped and cleaned', async (identifier) => {
    const site = sites[identifier]!;
    const newsletter = site.newsletter;
    const saved = await publishedPage(
      site.admin,
      `Every block ${identifier}`,
      everyKind(newsletter).filter((b) => b.typeName !== 'newsletter' || newsletter),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = saved.json().blocks as Record<string, unknown>[];
    expect(stored.map((b) => b.typeName)).toEqual(
      everyKind(newsletter)
        .filter((b) => b.typeName !== 'newsletter' || newsletter)
        .map((b) => b.typeName),
    );
    expect(stored[0]!.html).toBe('<p>Autumn <strong>linen</strong></p><img src="/x.png" alt="" />');
    expect(stored.find((b) => b.typeName === 'video')!.html).toBe(
      '<iframe src="https://www.youtube.com/embed/abc" sandbox="allow-scripts allow-same-origin allow-presentation" loading="lazy" referrerpolicy="no-referrer"></iframe>',
    );
    expect(stored.find((b) => b.typeName === 'image')).toMatchObject({ loader: 'sqs', priority: null });

    const response = await t.get(identifier, saved.json().fullUrl, { accept: 'text/html' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    for (const trace of ['alert(', 'onerror', '<script>alert', 'javascript:', '<iframe']) expect(html, trace).not.toContain(trace);
    expect(html).toContain('<p>Less, but &lt;b&gt;better&lt;/b&gt;.</p><footer>— Dieter</footer>');
    expect(html).toContain(
      'class="container container--narrow block block--button block--align-center"><a class="button button--secondary" href="/shop">Shop "linen"</a>',
    );
    expect(html).toContain('style="height: 64px"');
    expect(html).toContain('<hr class="container block block--line">');
    expect(html).toMatch(/<img src="\/assets\/hill.jpg" style="object-position: 20% 80%" alt="Hills at dawn" width="1600" height="900" loading="lazy"/);
    expect(html).toContain('<figcaption>From the &lt;i&gt;door&lt;/i&gt;</figcaption>');
    expect(html).toContain('<h1>Care</h1>\n<p>Wash <strong>cold</strong>.</p>');
    expect(html).toContain('href="https://www.youtube.com/watch?v=abc" rel="noopener noreferrer"');
    expect(html).toContain('Watch “Dyeing day” on youtube.com');
    expect(html).toContain('A pen on CodePen');
    expect(html).toMatch(
      /<details class="accordion__item" open>\s*<summary class="accordion__title">Shipping<\/summary>\s*<div class="accordion__body"><p>Two days &lt;script&gt;<\/p>/,
    );
    expect(html).toContain('<code class="language-html">&lt;b&gt;x&lt;/b&gt; &amp; y</code>');
    expect(html).toContain('role="img" aria-label="bar chart of Shirts, Mugs; the data is in the table below"');
    expect(html).toMatch(/<rect class="chart__series--1" x="[\d.]+" y="[\d.]+" width="[\d.]+" height="[\d.]+"><title>Jan, Shirts: 10<\/title><\/rect>/);
    expect(html).toContain('<tr><th scope="row">Feb</th><td>12</td><td>7</td></tr>');
    expect(html).toContain('href="https://www.openstreetmap.org/search?query=12%20Warren%20Street%2C%20Hudson%2C%20NY"');
    expect(html).toContain('<label for="block-b14-q">Search the shop</label>');
    expect(html).toContain('rel="me noopener noreferrer">Instagram</a>');
    expect(html).toContain('rel="me noopener noreferrer">Mastodon</a>');
    expect(html).toContain('<p class="menu__description">Green &lt;em&gt;or&lt;/em&gt; black</p>');
    expect(html).toContain('<audio controls preload="none" src="/assets/river.mp3">');
    if (newsletter) expect(html).toContain('block--newsletter');
    const context = await t.context(identifier, saved.json().fullUrl);
    expect(context.json.collection.blocks.map((b: { type?: number }) => b.type)).toEqual(
      stored.map((b) => BLOCK_KIND_LIST.find((k) => k.typeName === b.typeName)!.type),
    );
  });

  it.each([
    ['an image without src', { typeName: 'image', width: 10, height: 10, altText: '', sizes: '100vw' }, 'assetUrl', ImageMessages.SRC_REQUIRED],
    [
      'a negative width',
      { typeName: 'image', assetUrl: '/a.jpg', width: -3, height: 10, altText: '', sizes: '100vw' },
      'width',
      ImageMessages.negative('width'),
    ],
    [
      'a fractional height',
      { typeName: 'image', assetUrl: '/a.jpg', width: 3, height: 1.5, altText: '', sizes: '100vw' },
      'height',
      ImageMessages.nonInteger('height'),
    ],
    ['an image without alt', { typeName: 'image', assetUrl: '/a.jpg', width: 3, height: 3, sizes: '100vw' }, 'altText', ImageMessages.required('alt')],
    [
      'srcset with the sqs loader',
      { typeName: 'image', assetUrl: '/a.jpg', width: 3, height: 3, altText: '', sizes: '1px', srcset: '/a.jpg 1w' },
      'srcset',
      ImageMessages.SRCSET_ONLY_RAW,
    ],
    ['sqs without sizes', { typeName: 'image', assetUrl: '/a.jpg', width: 3, height: 3, altText: '' }, 'sizes', ImageMessages.SIZES_WITH_SQS],
    [
      'a bad priority',
      { typeName: 'image', assetUrl: '/a.jpg', width: 3, height: 3, altText: '', sizes: '1px', priority: 'urgent' },
      'priority',
      ImageMessages.PRIORITY,
    ],
    [
      'a chart row missing data',
      {
        typeName: 'chart',
        data: [
          ['M', 'A', 'B'],
          ['Jan', '1'],
        ],
      },
      'data',
      ChartMessages.MISSING_DATA,
    ],
    ['an empty chart', { typeName: 'chart', data: [['M']] }, 'data', ChartMessages.EMPTY],
    ['a newsletter without a list', { typeName: 'newsletter', formId: '' }, 'formId', NewsletterMessages.LIST_REQUIRED],
    [
      'a javascript: button',
      { typeName: 'button', text: 'Go', url: 'javascript:alert(1)' },
      'url',
      'Links must be formatted as https://example.com, /a-page, mailto: or tel:',
    ],
  ])('refuses %s with the spec’s message at its field', async (_what, block, field, message) => {
    const response = await publishedPage(sites[DEMO_SHOP_IDENTIFIER]!.admin, 'Refused', [block]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields[`blocks.0.${field}`] ?? response.json().message, response.body).toBe(message);
  });

  it('truncates a chart to its row and column limits', async () => {
    const data = [
      Array.from({ length: 14 }, (_, i) => `C${i}`),
      ...Array.from({ length: 70 }, (_, r) => Array.from({ length: 14 }, (_, c) => (c === 0 ? `R${r}` : String(r + c)))),
    ];
    const saved = await publishedPage(sites[DEMO_SHOP_IDENTIFIER]!.admin, 'Big chart', [{ typeName: 'chart', chartType: 'line', data }]);
    expect(saved.statusCode, saved.body).toBe(200);
    const chart = saved.json().blocks[0];
    expect(chart.data).toHaveLength(50);
    expect(chart.data.every((row: string[]) => row.length === 10)).toBe(true);
  });

  it('keeps unknown block kinds from imported content as they are', async () => {
    const saved = await publishedPage(sites[DEMO_SHOP_IDENTIFIER]!.admin, 'Imported', [{ typeName: 'marquee', speed: 3, text: 'Sale' }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().blocks).toEqual([{ typeName: 'marquee', speed: 3, text: 'Sale' }]);
  });

  it('keeps raw HTML and code only for a role with the code permission; cleans them for an editor', async () => {
    const raw = [
      { typeName: 'code', code: '<div id="widget"></div><script>start()</script>', display: 'raw' },
      { typeName: 'html', html: '<p onclick="go()">Hi</p><script>go()</script>', raw: true },
    ];
    const byAdmin = await publishedPage(sites[DEMO_SHOP_IDENTIFIER]!.admin, 'Raw by admin', raw);
    expect(byAdmin.json().blocks).toEqual(raw);
    const html = (await t.get(DEMO_SHOP_IDENTIFIER, byAdmin.json().fullUrl)).body;
    expect(html).toContain('<div class="block block--code-raw"><div id="widget"></div><script>start()</script></div>');
    expect(html).toContain('<p onclick="go()">Hi</p><script>go()</script>');

    const byEditor = await publishedPage(editor, 'Raw by editor', raw);
    expect(byEditor.statusCode, byEditor.body).toBe(200);
    expect(byEditor.json().blocks).toEqual([
      { typeName: 'code', code: '<div></div>', display: 'raw' },
      { typeName: 'html', html: '<p>Hi</p>' },
    ]);
    const shown = (await t.get(DEMO_SHOP_IDENTIFIER, byEditor.json().fullUrl)).body;
    expect(shown).not.toContain('<script>start()');
    expect(shown).not.toContain('onclick');

    // An editor changing another block keeps the admin's raw block as it was.
    const edited = await editor.call('PATCH', pagePath(byAdmin.json().id), { version: byAdmin.json().version, blocks: [...raw, { typeName: 'line' }] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().blocks.slice(0, 2)).toEqual(raw);
  });

  it('refuses a layout of more than 60 blocks with the limit’s message', async () => {
    const response = await publishedPage(
      sites[DEMO_SHOP_IDENTIFIER]!.admin,
      'Too many',
      Array.from({ length: 61 }, () => ({ typeName: 'line' })),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.blocks).toBe('A page may have at most 60 blocks.');
  });
});
