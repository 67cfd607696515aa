/**
 * The collection items' route schemas (posts, events, gallery images). Pure zod (no server
 * code), so the admin validates its item form with these very schemas through the package
 * export `@emporium/server/collection-items/schemas`.
 */
import { z } from 'zod';
import { PageEnd } from '../http/page-end.js';
import { ITEM_MESSAGES, MAX_CATEGORY_LENGTH, MAX_ITEM_URL_ID, MAX_ORDERED_ITEMS, MAX_SEO_DESCRIPTION, MAX_SEO_TITLE, MAX_TAG_LENGTH } from './item-messages.js';

export {
  ITEM_MESSAGES,
  MAX_CATEGORY_LENGTH,
  MAX_IMAGES_PER_UPLOAD,
  MAX_ITEM_URL_ID,
  MAX_ORDERED_ITEMS,
  MAX_SEO_DESCRIPTION,
  MAX_SEO_TITLE,
  MAX_TAG_LENGTH,
} from './item-messages.js';

const id = z.string().min(1).max(64);
const text = (max: number) => z.string().max(max, { error: `At most ${max} characters.` });

/** Post statuses (spec 3: "Scheduled", "Needs Review", "Draft", "Private"; and Published). Only published items reach visitors. */
export const ItemStatus = z.enum(['draft', 'needs-review', 'scheduled', 'private', 'published']);
export type ItemStatus = z.infer<typeof ItemStatus>;

/** The labels the dashboard shows for each status (spec 3). */
export const ITEM_STATUS_LABELS: Readonly<Record<ItemStatus, string>> = Object.freeze({
  draft: 'Draft',
  'needs-review': 'Needs Review',
  scheduled: 'Scheduled',
  private: 'Private',
  published: 'Published',
});

/** The collections whose items are edited here. */
export const ItemCollectionKind = z.enum(['blog', 'events', 'gallery']);
export type ItemCollectionKind = z.infer<typeof ItemCollectionKind>;

/** Spec 3 `mediaFocalPoint`: 0 to 1 from the top left (default 0.5, 0.5, spec 9). */
export const ItemFocalPoint = z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) });

/** Spec 3 event location. */
export const EventLocation = z.object({
  addressTitle: text(200).default(''),
  addressLine1: text(200).default(''),
  addressLine2: text(200).default(''),
  addressCountry: text(2).default(''),
  mapLat: z.number().min(-90).max(90).optional(),
  mapLng: z.number().min(-180).max(180).optional(),
});

/** An event's dates (ISO 8601), whether it lasts all day, and where it is. */
export const EventFields = z.object({
  startDate: z.iso.datetime({ offset: true }),
  endDate: z.iso.datetime({ offset: true }),
  allDay: z.boolean().default(false),
  location: EventLocation.default({ addressTitle: '', addressLine1: '', addressLine2: '', addressCountry: '' }),
});
export type EventFields = z.infer<typeof EventFields>;

/** What an owner changes of a gallery image (the file itself comes by upload). */
export const ImageFields = z.object({
  altText: text(250).default('').describe('Empty means the default: the title'),
  focalPoint: ItemFocalPoint.default({ x: 0.5, y: 0.5 }),
});

/** An item's URL slug as the owner types it (the pages' form). */
export const ItemUrlId = text(MAX_ITEM_URL_ID)
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]*$/, { error: ITEM_MESSAGES.urlIdForm });

const IMAGE_ADDRESS = /^(https:\/\/|\/(?!\/))/;

/** The image shared with a link to the item: https:// or a path of the site; empty for none. */
export const SocialImageUrl = z
  .string()
  .trim()
  .max(2048, { error: 'At most 2048 characters.' })
  .refine((v) => v === '' || IMAGE_ADDRESS.test(v), { error: ITEM_MESSAGES.badSocialImage });

/** The fields of an item as the owner writes them. */
export const ItemFields = z.object({
  title: text(200).trim().min(1, { error: ITEM_MESSAGES.titleRequired }),
  body: text(200_000).default('').describe('Rich text (HTML), cleaned on save'),
  excerpt: text(5_000).default('').describe('Rich text (HTML), cleaned on save'),
  tags: z
    .array(
      text(MAX_TAG_LENGTH + 20)
        .trim()
        .min(1)
        .max(MAX_TAG_LENGTH, { error: ITEM_MESSAGES.tagTooLong }),
    )
    .max(100)
    .default([]),
  categories: z
    .array(
      text(MAX_CATEGORY_LENGTH + 20)
        .trim()
        .min(1)
        .max(MAX_CATEGORY_LENGTH, { error: ITEM_MESSAGES.categoryTooLong }),
    )
    .max(100)
    .default([]),
  authorId: id.nullable().default(null).describe('An owner of this site; null for none'),
  authorName: text(100).trim().default('').describe('Shown as the author (empty: the owner’s email name)'),
  status: ItemStatus.default('draft'),
  publishOn: z.iso.datetime({ offset: true }).nullable().default(null).describe('Scheduled: when it goes live. Published: its date (default now)'),
  event: EventFields.optional().describe('Events only'),
  image: ImageFields.optional().describe('Gallery images only'),
  urlId: ItemUrlId.optional().describe('URL slug, unique in the collection; absent keeps it. The old slug then redirects (301) to the new one'),
  seoTitle: text(MAX_SEO_TITLE).trim().optional().describe('Title for search engines; empty uses the title; absent keeps it'),
  seoDescription: text(MAX_SEO_DESCRIPTION).trim().optional().describe('Description for search engines; empty uses the excerpt; absent keeps it'),
  socialImageUrl: SocialImageUrl.optional().describe('og:image of the item page; empty uses its own image or the site’s; absent keeps it'),
});
export type ItemFields = z.infer<typeof ItemFields>;
export type ItemFieldsInput = z.input<typeof ItemFields>;

/**
 * An item's drafted value (decision 0055): its fields, and for a gallery image its drafted
 * place in the gallery and whether publishing removes it.
 */
export const ItemDraftValue = ItemFields.extend({
  displayIndex: z.number().int().min(0).max(1_000_000).optional().describe('Gallery images: the drafted place in the gallery'),
  removed: z.literal(true).optional().describe('Publishing deletes the item'),
});
export type ItemDraftValue = z.infer<typeof ItemDraftValue>;
export type ItemDraftValueInput = z.input<typeof ItemDraftValue>;

/** A save of every field, from the version the owner read. */
export const ItemUpdate = ItemFields.extend({ version: z.number().int().min(1).describe('The version this change was made from') });
export type ItemUpdate = z.infer<typeof ItemUpdate>;

/** An item's unpublished changes (decision 0055): its drafted title and status and the draft's version; null when it has none. */
export const ItemDraftState = z
  .object({
    title: z.string(),
    status: ItemStatus,
    version: z.number().int(),
    displayIndex: z.number().int().optional().describe('Gallery images: the drafted place, when the draft moves it'),
    removed: z.literal(true).optional().describe('Publishing deletes the item'),
  })
  .nullable();
export type ItemDraftState = z.infer<typeof ItemDraftState>;

/** An item as the owner's calls answer it: its published fields, and its draft's state. */
export const ItemView = z.object({
  id: z.string(),
  collectionId: z.string(),
  recordType: z.number().int(),
  urlId: z.string(),
  fullUrl: z.string(),
  title: z.string(),
  body: z.string(),
  excerpt: z.string(),
  tags: z.array(z.string()),
  categories: z.array(z.string()),
  authorId: z.string().nullable(),
  authorName: z.string(),
  status: ItemStatus,
  publishOn: z.string(),
  version: z.number().int(),
  displayIndex: z.number().int(),
  updatedAt: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  socialImageUrl: z.string(),
  previousUrlIds: z.array(z.string()).describe('Former URL slugs, which redirect (301) to the current one'),
  draft: ItemDraftState.describe('Unpublished changes (a new post is one until published); null when visitors see what the editor shows'),
  event: EventFields.optional(),
  image: z
    .object({
      assetUrl: z.string(),
      altText: z.string(),
      originalSize: z.string(),
      focalPoint: ItemFocalPoint,
    })
    .optional(),
});
export type ItemView = z.infer<typeof ItemView>;

/** A row of the item list. */
export const ItemSummary = ItemView.pick({
  id: true,
  urlId: true,
  fullUrl: true,
  title: true,
  status: true,
  publishOn: true,
  version: true,
  displayIndex: true,
  authorName: true,
  updatedAt: true,
  draft: true,
  image: true,
  event: true,
});
export type ItemSummary = z.infer<typeof ItemSummary>;

/** A page of a collection's items with the collection's kind and title. */
export const ItemPage = z.object({
  collection: z.object({ id: z.string(), kind: ItemCollectionKind, title: z.string(), urlId: z.string() }),
  items: z.array(ItemSummary),
  ...PageEnd,
});
export type ItemPage = z.infer<typeof ItemPage>;

/** Query of the item list: a status filter and paging. */
export const ItemListQuery = z.object({
  status: ItemStatus.optional(),
  cursor: z.string().max(1000, { error: 'cursor is not valid.' }).optional().describe("The previous page's nextPageCursor"),
  limit: z.string().optional().describe('Page size, 1 to 100 (default 50)'),
});

export const CollectionParams = z.object({ collectionId: id });
export const ItemParams = z.object({ collectionId: id, itemId: id });
export const ItemDeleteQuery = z.object({
  version: z.string().regex(/^\d{1,9}$/, { error: 'version must be a whole number.' }),
  drafted: z
    .enum(['true', 'false'])
    .optional()
    .describe('true: a published item is removed by the next publish (its draft); one visitors do not see goes at once'),
});
export const ItemDeleted = z.object({
  id: z.string(),
  deleted: z.boolean().describe('false: the removal is drafted, and the next publish deletes the item'),
});

/** A gallery's new order: its items' ids, first to last. */
export const ItemOrderBody = z.object({
  itemIds: z.array(id).min(1).max(MAX_ORDERED_ITEMS),
  drafted: z.boolean().default(false).describe('true: the new order is drafted (the moved images’ drafts) and visitors see it once published'),
});
/** A move of one gallery image among the others, whatever page of the list it is on. */
export const ItemMoveBody = z.object({
  by: z
    .number()
    .int()
    .min(-MAX_ORDERED_ITEMS)
    .max(MAX_ORDERED_ITEMS)
    .refine((n) => n !== 0, { error: 'by must not be 0.' })
    .describe('Places to move the image: -1 is one place earlier, 1 one place later (held within the gallery)'),
  drafted: z.boolean().default(false).describe('true: the move is drafted (its images’ drafts) and visitors see it once published'),
});
/** Where a moved image is now. */
export const ItemMoved = z.object({
  id: z.string(),
  position: z.number().int().describe('Its place in the gallery’s (drafted) order, 1 for the first'),
  count: z.number().int().describe('How many images the gallery has'),
});
export type ItemMoved = z.infer<typeof ItemMoved>;
export const ItemList = z.object({ items: z.array(ItemView) });

/** An image uploaded for a post's body. */
export const BodyImage = z.object({ id: z.string(), assetUrl: z.string(), srcset: z.string(), originalSize: z.string() });

/** The owners who may be named as an item's author. */
export const AuthorList = z.object({ authors: z.array(z.object({ id: z.string(), email: z.string(), displayName: z.string() })) });
export type ItemList = z.infer<typeof ItemList>;
export type BodyImage = z.infer<typeof BodyImage>;
export type AuthorList = z.infer<typeof AuthorList>;
