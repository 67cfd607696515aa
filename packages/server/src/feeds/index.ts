/** RSS 2.0 feeds of blog collections: `/{blogUrlId}/rss.xml` and `/{blogUrlId}?format=rss`. */
export { registerFeedRoutes, rssFormatTarget, RSS_CONTENT_TYPE } from './routes.js';
export { blogChannel, blogRss, RSS_ITEM_LIMIT, BLOG_COLLECTION_TYPE } from './blog-feed.js';
export { buildRss, type RssChannel, type RssItem } from './rss.js';
