import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentTestApp, type ContentSite, type ContentTestApp } from '../../test-support/content-test-kit.js';
import { items } from '../db/index.js';
import { findAll, parseXml } from '../seo/xml-parse.js';
import { RSS_ITEM_LIMIT } from './blog-feed.js';
import { buildRss } from './rss.js';
import { RSS_CONTENT_TYPE, rssFormatTarget } from './routes.js';

describe('buildRss', () => {
  it('is well-formed RSS 2.0 with escaped titles and HTML bodies', () => {
    const xml = buildRss({
      title: 'A & B',
      link: 'http://x/blog',
      selfUrl: 'http://x/blog/rss.xml',
      description: '',
      items: [
        {
          title: '<Hi> & "bye"',
          link: 'http://x/blog/a?b=1&c=2',
          guid: 'g1',
          pubDate: new Date(Date.UTC(2026, 0, 2, 10)),
          descriptionHtml: '<p>]]> & <b>x</b></p>',
          categories: ['c&d'],
        },
      ],
    });
    const root = parseXml(xml);
    expect(root.name).toBe('rss');
    expect(root.attributes.version).toBe('2.0');
    const channel = findAll(root, 'channel')[0]!;
    expect(findAll(channel, 'title')[0]!.text).toBe('A & B');
    expect(findAll(channel, 'description')[0]!.text).toBe('A & B');
    const item = findAll(root, 'item')[0]!;
    expect(findAll(item, 'title')[0]!.text).toBe('<Hi> & "bye"');
    expect(findAll(item, 'link')[0]!.text).toBe('http://x/blog/a?b=1&c=2');
    expect(findAll(item, 'description')[0]!.text).toBe('<p>]]> & <b>x</b></p>');
    expect(findAll(item, 'pubDate')[0]!.text).toBe('Fri, 02 Jan 2026 10:00:00 GMT');
    expect(findAll(item, 'category')[0]!.text).toBe('c&d');
  });
});

describe('rssFormatTarget', () => {
  it.each([
    ['/journal?format=rss', 'journal'],
    ['/journal/?format=rss&x=1', 'journal'],
    ['/journal', undefined],
    ['/journal?format=json', undefined],
    ['/journal/post?format=rss', undefined],
    ['/?format=rss', undefined],
  ])('%s -> %s', (url, target) => expect(rssFormatTarget(url)).toBe(target));
});

describe('blog feeds (issue 6)', () => {
  let t: ContentTestApp;
  let a: ContentSite;
  let b: ContentSite;
  beforeAll(async () => {
    t = await createContentTestApp({ pages: true });
    a = await t.seedSite({ identifier: 'feeds-a', title: 'Feeds & Co', settings: { locale: 'en-US' } });
    b = await t.seedSite({ identifier: 'feeds-b', title: 'B' });
  });
  afterAll(() => t.close());

  const get = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

  it.each(['/journal/rss.xml', '/journal?format=rss'])('%s serves the blog’s published posts, newest first', async (url) => {
    const res = await get('feeds-a.localhost', url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(RSS_CONTENT_TYPE);
    const root = parseXml(res.body);
    const channel = findAll(root, 'channel')[0]!;
    expect(findAll(channel, 'title')[0]!.text).toBe('Journal — Feeds & Co');
    expect(findAll(channel, 'link')[0]!.text).toBe('http://feeds-a.localhost:3000/journal');
    expect(findAll(channel, 'language')[0]!.text).toBe('en-US');
    expect(findAll(channel, 'atom:link')[0]!.attributes.href).toBe('http://feeds-a.localhost:3000/journal/rss.xml');
    const posts = findAll(root, 'item');
    expect(posts.map((p) => findAll(p, 'title')[0]!.text)).toEqual(['Fish & <Chips>', 'Closed']);
    // The post's HTML as cleaned for owner HTML (decision 0033): the bare ampersand written as an entity.
    expect(findAll(posts[0]!, 'description')[0]!.text).toBe('<p>Hello <b>world</b> &amp; "friends"</p>');
    expect(findAll(posts[0]!, 'guid')[0]!.text).toBe(a.postId);
    expect(findAll(posts[0]!, 'dc:creator')[0]!.text).toBe('Ada');
  });

  it('leaves other pages to the page router and answers 404 for non-blogs and other sites', async () => {
    expect((await get('feeds-a.localhost', '/journal')).headers['content-type']).toMatch(/^text\/html/);
    for (const url of ['/shop/rss.xml', '/events/rss.xml', '/nothing/rss.xml', '/shop?format=rss'])
      expect((await get('feeds-a.localhost', url)).statusCode, url).toBe(404);
    const theirs = parseXml((await get('feeds-b.localhost', '/journal/rss.xml')).body);
    expect(findAll(theirs, 'guid').map((g) => g.text)).not.toContain(a.postId);
  });

  it(`holds at most ${RSS_ITEM_LIMIT} posts`, async () => {
    const [post] = await t.testDb.db.select().from(items).where(eq(items.id, b.postId));
    await t.testDb.db.insert(items).values(
      Array.from({ length: RSS_ITEM_LIMIT + 5 }, (_, i) => ({
        websiteId: b.site.id,
        collectionId: post!.collectionId,
        recordType: 1,
        urlId: `p${i}`,
        title: `P${i}`,
      })),
    );
    expect(findAll(parseXml((await get('feeds-b.localhost', '/journal/rss.xml')).body), 'item')).toHaveLength(RSS_ITEM_LIMIT);
  });
});
