import { RecordType } from '../spec/index.js';
import type { PostSeed } from './demo-posts.js';
import { daysAgo, type SeedWriter } from './seed-writer.js';

/** Writes blog posts with comments open and their approved comments. */
export async function seedPosts(w: SeedWriter, collectionId: string, posts: readonly PostSeed[], now: Date): Promise<void> {
  for (const post of posts) {
    const itemId = await w.item(collectionId, {
      recordType: RecordType.TEXT,
      urlId: post.urlId,
      title: post.title,
      body: post.body,
      excerpt: post.excerpt,
      tags: post.tags,
      categories: post.categories,
      authorName: post.author,
      publishOn: daysAgo(now, post.daysAgo),
      assetUrl: post.assetUrl,
      likeCount: post.likeCount,
      structuredContent: { altText: post.altText, commentsOpen: true, ...(post.images ? { images: post.images } : {}) },
    });
    for (const [i, c] of post.comments.entries()) {
      const createdAt = daysAgo(now, c.daysAgo);
      createdAt.setUTCMinutes(i);
      await w.comment(itemId, { authorName: c.authorName, authorEmail: c.authorEmail, body: c.body, createdAt });
    }
  }
}
