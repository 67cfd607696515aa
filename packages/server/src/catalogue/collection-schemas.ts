// zod itself (not the HTTP layer's re-export), so the owner dashboard can import these schemas.
import { z } from 'zod';

/** What a collection holds, as the dashboard names it. */
export const CollectionKind = z.enum(['store', 'page', 'blog', 'events', 'gallery']);
export type CollectionKind = z.infer<typeof CollectionKind>;

/** A collection of the site as the dashboard lists it (choosers by name, never by id). */
export const CollectionSummary = z.object({
  id: z.string(),
  kind: CollectionKind,
  title: z.string().describe('Its title, else its navigation title, else its urlId'),
  urlId: z.string(),
  passwordProtected: z.boolean(),
});
export type CollectionSummary = z.infer<typeof CollectionSummary>;

/** The site's collections in navigation order. */
export const CollectionList = z.object({ collections: z.array(CollectionSummary) });
export type CollectionList = z.infer<typeof CollectionList>;
