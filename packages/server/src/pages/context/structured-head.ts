import { escapeHtml } from '@emporium/template';
import { itemJsonLd, jsonLdScript, SCHEMA_CONTEXT, type AggregateRatingInput } from '../../seo/index.js';
import { siteSocialAccounts } from '../../site-settings/index.js';
import { PageType } from '../../spec/index.js';
import type { BuiltPage, PageRequest } from './page-request.js';

type Rec = Record<string, unknown>;

/** The blog collection of a blog list or post page, else undefined. */
function blogCollection(page: BuiltPage): Rec | undefined {
  if (page.status !== 200 || !page.templateName.startsWith('blog.')) return undefined;
  return page.context.collection as Rec | undefined;
}

/**
 * Head tags from structured data: the item's JSON-LD (Product with Offers and
 * AggregateRating, BlogPosting, Event) on item pages, the site's Organization with its social
 * accounts (`sameAs`) on the home page, and the RSS `<link rel="alternate">` on blog list and
 * post pages. Empty string when none applies.
 */
export function structuredHead(req: PageRequest, page: BuiltPage): string {
  const tags: string[] = [];
  const item = page.context.item as Rec | undefined;
  if (page.status === 200 && page.pageType === PageType.ITEM && item) {
    const rating = item.aggregateRating as AggregateRatingInput | undefined;
    const node = itemJsonLd(item, {
      origin: req.origin,
      siteTitle: req.site.title,
      currency: req.site.settings.currency,
      ...(rating ? { aggregateRating: rating } : {}),
    });
    if (node) tags.push(jsonLdScript(node));
  }
  const accounts = page.status === 200 && req.path === '/' ? siteSocialAccounts(req.site.settings) : [];
  if (accounts.length > 0) {
    tags.push(
      jsonLdScript({ '@context': SCHEMA_CONTEXT, '@type': 'Organization', name: req.site.title, url: `${req.origin}/`, sameAs: accounts.map((a) => a.url) }),
    );
  }
  const blog = blogCollection(page);
  if (blog && typeof blog.urlId === 'string') {
    const href = `${req.origin}/${blog.urlId}/rss.xml`;
    tags.push(`<link rel="alternate" type="application/rss+xml" title="${escapeHtml(String(blog.title ?? req.site.title))}" href="${escapeHtml(href)}">`);
  }
  return tags.join('\n');
}
