// zod itself (not the HTTP layer's re-export), so the owner dashboard can import these schemas.
import { z } from 'zod';

/** Route parameters of the spec 7 store calls. */
export const WebsiteParams = z.object({ websiteId: z.string().min(1).max(64).describe('The site (must be the site of the host)') });
/** Route parameters naming a store of a site. */
export const StoreParams = WebsiteParams.extend({ collectionId: z.string().min(1).max(64) });
/** Route parameters naming a store. */
export const CollectionParams = z.object({ collectionId: z.string().min(1).max(64) });

/** Body of POST .../websites/{websiteId}/products (spec 3 "Store setup entities", spec 7). */
export const NewStoreBody = z.object({
  navigationTitle: z.string().trim().max(200).default('').describe('Title in navigation; the title when empty'),
  title: z.string().trim().max(200, { error: 'A store title has at most 200 characters.' }).default(''),
  urlId: z.string().trim().max(200).optional().describe('Wanted urlId; derived from the title when empty (spec 5 "Store setup")'),
  description: z.string().max(10_000).default(''),
  enabled: z.literal(true).optional().describe('Always true on create'),
});

/** A store as created; the answer carries its id. */
export const StoreView = z.object({
  id: z.string(),
  navigationTitle: z.string(),
  title: z.string(),
  urlId: z.string(),
  description: z.string(),
  enabled: z.literal(true),
});

/** Body of POST .../products/{collectionId}/categories: the root category fields of spec 3. */
export const RootCategoryBody = z.object({
  displayName: z.string().trim().min(1, { error: 'A category needs a display name.' }).max(200),
  parentCategoryId: z
    .union([z.literal(''), z.null()])
    .default('')
    .describe('Empty: a root category'),
  type: z.literal('ROOT').default('ROOT'),
  pageRendering: z.literal('LIST_VIEW').default('LIST_VIEW'),
  displayIndex: z.number().int().min(0).max(1_000_000).default(1),
});

/** A root category as created. */
export const RootCategoryView = z.object({
  id: z.string(),
  collectionId: z.string(),
  displayName: z.string(),
  parentCategoryId: z.string(),
  type: z.literal('ROOT'),
  pageRendering: z.literal('LIST_VIEW'),
  displayIndex: z.number().int(),
});

/** The main navigation after a store was placed first. */
export const MainNavigationView = z.object({ items: z.array(z.looseObject({})) });
