import { escapeHtml } from '@emporium/template';
import { itemJsonLd, jsonLdScript, type AggregateRatingInput } from '../../seo/index.js';
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
 * AggregateRating, BlogPosting, Event) on item pages, and the RSS `<link rel="alternate">`
 * on blog list and post pages. Empty string when neither applies.
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
  const blog = blogCollection(page);
  if (blog && typeof blog.urlId === 'string') {
    const href = `${req.origin}/${blog.urlId}/rss.xml`;
    tags.push(`<link rel="alternate" type="application/rss+xml" title="${escapeHtml(String(blog.title ?? req.site.title))}" href="${escapeHtml(href)}">`);
  }
  return tags.join('\n');
}
