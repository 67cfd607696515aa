/**
 * The owner's Pages calls' schemas. Pure zod (no server code), so the dashboard types its
 * calls with these very schemas through the package export `@emporium/server/site-pages/schemas`.
 */
import { z } from 'zod';
import { BlockInput, checkGridRows } from '../block-kinds/index.js';

/** What the owner adds: a page of blocks, a blog, a store, events, a gallery, a link elsewhere, or a navigation folder. */
export const PAGE_KINDS = ['page', 'blog', 'store', 'events', 'gallery', 'link', 'folder'] as const;
export const PageKind = z.enum(PAGE_KINDS);
export type PageKind = z.infer<typeof PageKind>;

/** Most blocks on one page (spec 9: max blocks per layout 60). */
export const MAX_BLOCKS = 60;
/** Longest text block, in characters of HTML. */
export const MAX_BLOCK_HTML = 100_000;
export const TITLE_MAX = 200;
export const URL_ID_MAX = 80;
export const SEO_TITLE_MAX = 100;
export const SEO_DESCRIPTION_MAX = 320;

const text = (max: number) => z.string().max(max, { error: `At most ${max} characters.` });
const id = z.string().min(1).max(64);

/** The refusals of the Pages calls, as the dashboard shows them. */
export const PageMessages = Object.freeze({
  TITLE_REQUIRED: 'A page needs a title.',
  NOT_FOUND: 'That page is not on this site.',
  STALE: 'This page was changed by someone else. Reload to see their changes.',
  HOME_NOT_DELETABLE: 'The home page cannot be deleted. Make another page the home page first.',
  URL_ID_FORM: 'A URL slug is made of lower-case letters, digits and hyphens, and starts with a letter or digit.',
  URL_ID_TAKEN: 'Another page already uses this URL slug.',
  LINK_URL: 'A link needs an address starting with https://, http://, mailto: or /.',
  BLOCKS_ONLY_ON_PAGES: 'Only pages of blocks have blocks.',
  TOO_MANY_BLOCKS: `A page may have at most ${MAX_BLOCKS} blocks.`,
  ORDER_MISMATCH: 'List every page of the site once to change their order.',
  reservedUrlId: (urlId: string) => `/${urlId} is used by the site itself (the cart, checkout, search...). Choose another URL slug.`,
});

/** A URL slug as the owner types it. */
export const UrlId = text(URL_ID_MAX)
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]*$/, { error: PageMessages.URL_ID_FORM });

/** An external address of a link page. */
export const LinkUrl = text(2000)
  .trim()
  .regex(/^(https?:\/\/[^\s]+|mailto:[^\s]+|\/[^\s]*)$/, { error: PageMessages.LINK_URL });

/** The block kinds the storefront renders that the dashboard does not edit field by field: a save keeps them as they were read. */
export const KEPT_BLOCK_KINDS = ['hero', 'summary', 'form', 'donation'] as const;

export { BlockInput };

/** A page as the owner's Pages list shows it. */
export const PageView = z.object({
  id,
  kind: PageKind,
  type: z.number().int().describe('The collection type (spec 3: page 10, products 13, gallery-block 6, generic 1)'),
  title: z.string(),
  navigationTitle: z.string(),
  urlId: z.string(),
  fullUrl: z.string().describe("The page's address on the site ('/' for the home page)"),
  enabled: z.boolean().describe('Published: shown to visitors. A disabled page is a draft and answers 404'),
  isHomepage: z.boolean(),
  displayIndex: z.number().int(),
  version: z.number().int().describe('Send it back with a change: a change from an older version is refused (409)'),
  seoTitle: z.string(),
  seoDescription: z.string(),
  linkUrl: z.string().describe("A link page's address; empty for other kinds"),
  previousUrlIds: z.array(z.string()).describe('Former URL slugs, which redirect (301) to the current one'),
  blocks: z.array(z.record(z.string(), z.unknown())).describe("A page's stored blocks (empty for other kinds)"),
});
export type PageView = z.infer<typeof PageView>;

export const PageList = z.object({ pages: z.array(PageView) });
export type PageList = z.infer<typeof PageList>;

/** A new page: its kind and title; the URL slug is made from the title unless given. */
export const NewPageBody = z.object({
  kind: PageKind,
  title: text(TITLE_MAX).trim().min(1, { error: PageMessages.TITLE_REQUIRED }),
  urlId: UrlId.optional(),
  linkUrl: LinkUrl.optional(),
  enabled: z.boolean().default(false).describe('Published at once (default false: created as a draft)'),
});
export type NewPageBody = z.input<typeof NewPageBody>;

/** A change of a page's settings or blocks; absent fields are kept. */
export const PageChangeBody = z.object({
  version: z.number().int().min(0).describe('The version the change was made from'),
  title: text(TITLE_MAX).trim().min(1, { error: PageMessages.TITLE_REQUIRED }).optional(),
  navigationTitle: text(TITLE_MAX).trim().optional(),
  urlId: UrlId.optional(),
  seoTitle: text(SEO_TITLE_MAX).trim().optional(),
  seoDescription: text(SEO_DESCRIPTION_MAX).trim().optional(),
  enabled: z.boolean().optional(),
  linkUrl: LinkUrl.optional(),
  blocks: z.array(BlockInput).max(MAX_BLOCKS, { error: PageMessages.TOO_MANY_BLOCKS }).superRefine(checkGridRows).optional(),
});
export type PageChangeBody = z.input<typeof PageChangeBody>;
/** A change as checked: blocks of the edited kinds with their defaults. */
export type PageChange = z.output<typeof PageChangeBody>;

export const PageParams = z.object({ id });

/** The display order of the site's pages: every page id once, first shown first. */
export const PageOrderBody = z.object({ ids: z.array(id).min(1).max(1000) });
