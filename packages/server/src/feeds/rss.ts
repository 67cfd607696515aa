import { escapeXml } from '../seo/index.js';

/** One entry of an RSS channel. */
export interface RssItem {
  title: string;
  /** Absolute URL of the post. */
  link: string;
  /** Stable id of the post (used as a non-permalink guid). */
  guid: string;
  pubDate: Date;
  /** HTML of the post; escaped into `<description>`. */
  descriptionHtml: string;
  author?: string;
  categories?: readonly string[];
}

/** An RSS 2.0 channel. */
export interface RssChannel {
  title: string;
  /** Absolute URL of the blog. */
  link: string;
  /** Absolute URL of the feed itself (atom:link rel=self). */
  selfUrl: string;
  description: string;
  language?: string;
  lastBuildDate?: Date;
  items: readonly RssItem[];
}

function element(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`;
}

/**
 * An RSS 2.0 document: channel title, link, description, language, atom self link and items
 * with title, link, guid, RFC 822 pubDate, categories and the post HTML escaped as text.
 */
export function buildRss(channel: RssChannel): string {
  const items = channel.items.map((item) =>
    [
      '<item>',
      element('title', item.title),
      element('link', item.link),
      `<guid isPermaLink="false">${escapeXml(item.guid)}</guid>`,
      element('pubDate', item.pubDate.toUTCString()),
      ...(item.author ? [element('dc:creator', item.author)] : []),
      ...(item.categories ?? []).map((c) => element('category', c)),
      element('description', item.descriptionHtml),
      '</item>',
    ].join(''),
  );
  const head = [
    element('title', channel.title),
    element('link', channel.link),
    `<atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    element('description', channel.description || channel.title),
    ...(channel.language ? [element('language', channel.language)] : []),
    ...(channel.lastBuildDate ? [element('lastBuildDate', channel.lastBuildDate.toUTCString())] : []),
    element('generator', 'Emporium'),
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">\n' +
    `<channel>${head.join('')}\n${items.join('\n')}${items.length ? '\n' : ''}</channel>\n</rss>\n`
  );
}
