/**
 * The page context: what every template reads and what `?format=json` answers, one schema per
 * context object of the spec (`website`, `websiteSettings`, `collection`, `item`/`items`,
 * `navigation`, the page's blocks) and {@link pageContextSchema} for the whole page. The
 * builders in this folder return these types; `schemas.test.ts` parses every kind of page with
 * them. The spec's objects are strict (a key the schema does not name is refused); the free
 * parts of the page (`render`, `footer`, `cart` beyond its main fields) are loose.
 */
import { z } from 'zod';
import { PublicComment } from '../../comments/index.js';
import { FocalPoint } from '../../media/index.js';
import { AggregateRating, PublicReview } from '../../reviews/index.js';
import { COLLECTION_KINDS, PageType } from '../../spec/index.js';
import { formContextSchema } from './form-schemas.js';
import { merchandisingContextSchema, productStructuredContentSchema } from './product-schemas.js';

export * from './form-schemas.js';
export * from './product-schemas.js';

const epochMs = z.number().describe('Milliseconds since the epoch');
const islandProps = z
  .record(z.string(), z.unknown())
  .describe('Props of the storefront island that replaces this markup (present only when the storefront bundle is built)');

/** The `website` object: the site itself, its addresses and the settings scripts and formatters read. */
export const websiteContextSchema = z.strictObject({
  id: z.string().describe('The site id'),
  identifier: z.string().describe('The site’s name on the server’s own domain (`{identifier}.example.com`)'),
  siteTitle: z.string(),
  siteDescription: z.string(),
  siteTagLine: z.string().describe('The header’s tagline; empty when none is set'),
  logoImageUrl: z.string().describe('The header’s logo; empty when none is set'),
  language: z
    .string()
    .describe(
      "The page's language: the site locale (`en-US`), or on a page under a language prefix that language's code (`fr` on `/fr/…`); `<html lang>` and the template engine's locale",
    ),
  timeZone: z.string().describe('IANA time zone the date formatters use (spec default America/New_York)'),
  baseUrl: z.string().describe('Origin the site is published at: its primary custom domain when it has one'),
  authenticUrl: z.string().describe('The site’s origin on the server’s own domain'),
  internalUrl: z.string().describe('Same as `authenticUrl`'),
  siteStatus: z.strictObject({ value: z.number().int().describe('Spec site status: 3 trial, 8 paid, 1 expired...') }),
  useCLDRMoneyFormat: z.boolean().describe('Copy of `websiteSettings.useCLDRMoneyFormat`'),
  captchaSettings: z.strictObject({ siteKey: z.string().describe('Captcha site key; empty when the site has no captcha') }),
  shareButtonOptions: z.record(z.string(), z.boolean()).describe('Share services by spec service id, true when shown'),
  restrictiveCookiePolicy: z.boolean().describe('Spec 6: under it the browser clears the visitor cookies starting ss_c'),
  languages: z
    .array(
      z.strictObject({
        code: z.string().describe('BCP 47 code: the link’s `hreflang`'),
        name: z.string().describe('English name'),
        nativeName: z.string().describe('Name in the language itself: the link text'),
        url: z
          .string()
          .describe(
            'The same page in this language, with its translated slugs and the query string kept; the language’s home page when the page does not exist',
          ),
        current: z.boolean().describe('The page’s own language'),
      }),
    )
    .optional()
    .describe('The language switcher: every published language, when the site has more than one (decision 0049)'),
});
export type WebsiteContext = z.infer<typeof websiteContextSchema>;

/** `websiteSettings.storeSettings`: the store's currency and checkout rules. */
export const storeSettingsSchema = z.strictObject({
  defaultCurrency: z.string().describe('ISO 4217 store currency (spec default USD)'),
  selectedCurrency: z.string().describe('The currency prices show in: the store currency'),
  businessName: z.string().describe('The store name, else the site title'),
  multipleQuantityAllowedForServices: z.boolean().describe('Whether service products show a quantity input (spec default true)'),
  checkoutMinimumCents: z.number().int().describe('Smallest subtotal that may check out, in minor units; 0 for none'),
  isLive: z.boolean().describe('False while the store takes test payments only'),
});
export type StoreSettingsContext = z.infer<typeof storeSettingsSchema>;

/** The `websiteSettings` object: the owner’s switches for comments, likes and money formatting. */
export const websiteSettingsContextSchema = z.strictObject({
  websiteId: z.string(),
  commentsEnabled: z.boolean().describe('Spec 4: comments are hidden everywhere when off'),
  disqusShortname: z.string().describe('Always empty: comments are the site’s own'),
  simpleLikingEnabled: z.boolean().describe('Whether posts show the like button'),
  useCLDRMoneyFormat: z.boolean().describe('Whether the money formatters use the locale’s CLDR patterns'),
  storeSettings: storeSettingsSchema,
});
export type WebsiteSettingsContext = z.infer<typeof websiteSettingsContextSchema>;

/** An image of an item: a product photo, a picture under a post, or the stand-in made from the item’s `assetUrl`. */
export const itemImageSchema = z.strictObject({
  id: z.string().optional().describe('Id of an uploaded product photo; variants name the photo they show by it'),
  assetUrl: z.string(),
  altText: z.string(),
  originalSize: z.string().optional().describe('WIDTHxHEIGHT of the original'),
  srcset: z.string().describe('WebP copies with their widths for `<img srcset>`; empty for an image without stored copies'),
  srcsetOriginal: z.string().optional().describe('Copies in the original format with their widths'),
  mediaFocalPoint: FocalPoint.optional().describe('Spec 3: the point kept in view when cropped (absent: the centre)'),
  objectPosition: z.string().optional().describe('Products only: CSS `object-position` of the focal point; empty for the centre'),
});
export type ItemImage = z.infer<typeof itemImageSchema>;

/** Where an event takes place (spec 3, Event). */
export const eventLocationSchema = z.strictObject({
  addressTitle: z.string().optional().describe('Name of the venue'),
  addressLine1: z.string().optional(),
  addressLine2: z.string().optional(),
  addressCountry: z.string().optional().describe('ISO 3166-1 alpha-2'),
  mapLat: z.number().optional(),
  mapLng: z.number().optional(),
});
export type EventLocation = z.infer<typeof eventLocationSchema>;

/** A review as the product page’s own markup shows it: the public review with its stars as text. */
export const reviewContextSchema = PublicReview.extend({
  author: z.string().describe('Same as `authorName`'),
  stars: z.string().describe('The rating as five stars, such as ★★★★☆'),
}).strict();
export type ReviewContext = z.infer<typeof reviewContextSchema>;

/**
 * An item (spec 3, Content items): a post, event, gallery image or product, as `item` on its
 * own page and in `items`, `related`, summary blocks and search results.
 */
export const itemContextSchema = z.strictObject({
  id: z.string(),
  collectionId: z.string(),
  websiteId: z.string(),
  recordType: z.number().int().describe('Spec record type: 1 text (post), 2 image, 11 store item, 12 event'),
  title: z.string(),
  urlId: z.string(),
  fullUrl: z.string().describe('`/{collection urlId}/{item urlId}`'),
  body: z.string().describe('The owner’s HTML, cleaned of anything unsafe'),
  excerpt: z.string().describe('The owner’s HTML summary, cleaned like `body`'),
  tags: z.array(z.string()),
  categories: z.array(z.string()),
  author: z.strictObject({ displayName: z.string().describe('Empty when the item names no author') }),
  starred: z.boolean().describe('Featured by the owner'),
  addedOn: epochMs,
  publishOn: epochMs,
  updatedOn: epochMs,
  likeCount: z.number().int(),
  publicCommentCount: z.number().int().describe('Approved comments (counted on blog pages only, else 0)'),
  commentState: z.number().int().describe('1 when comments are open, 0 when closed'),
  assetUrl: z.string().optional().describe('The main image; absent when the item has none'),
  mainImageId: z.string().optional().describe('Id of the main image, when there is one'),
  altText: z.string().optional().describe('Alt text of the main image: the owner’s, else the title (at most 250 characters)'),
  srcset: z.string().describe('WebP copies of the main image with their widths; empty when it has none'),
  objectPosition: z.string().optional().describe('Products only: CSS `object-position` of the main image’s focal point'),
  originalSize: z.string().optional().describe('WIDTHxHEIGHT of the main image'),
  mediaFocalPoint: FocalPoint.optional(),
  images: z.array(itemImageSchema).optional().describe('Product photos, or the pictures under a post'),
  startDate: epochMs.optional().describe('Events: when it starts'),
  endDate: epochMs.optional().describe('Events: when it ends'),
  location: eventLocationSchema.optional().describe('Events: where'),
  externalLink: z.string().optional().describe('A link the item points at instead of its own page'),
  sourceUrl: z.string().optional().describe('Where the item’s content comes from'),
  structuredContent: productStructuredContentSchema.optional().describe('Store items: the product, its variants and prices (absent on search results)'),
  islandProps: islandProps.optional().describe('Product listings: props of the quick-view island'),
  comments: z.array(PublicComment).optional().describe('A post’s own page: its approved comments, oldest first'),
  reviews: z.array(reviewContextSchema).optional().describe('A product’s own page, when reviews show: approved reviews, newest first'),
  aggregateRating: AggregateRating.optional().describe('A product’s own page, when reviews show'),
});
export type ItemContext = z.infer<typeof itemContextSchema>;

/** An item found by `/search`: the item with the collection it is in and a snippet around the query. */
export const searchResultSchema = itemContextSchema
  .extend({
    collectionTitle: z.string(),
    snippet: z.string().describe('Plain text around the first word of the query, with … where it was cut'),
  })
  .strict();
export type SearchResultContext = z.infer<typeof searchResultSchema>;

/** Kinds the dashboard edits that block-kinds/ describes field by field (text and newsletter have their entries below). */
const RENDERED_BLOCK_KINDS = [
  'quote',
  'button',
  'spacer',
  'line',
  'image',
  'markdown',
  'video',
  'embed',
  'accordion',
  'code',
  'chart',
  'map',
  'search',
  'social-links',
  'menu',
  'audio',
] as const;

const blockBase = {
  id: z.string().describe('`b1`, `b2`...: the block’s place on the page'),
  type: z.number().int().optional().describe('The spec’s block-type number (spec 3), for the kinds the dashboard edits'),
};
const formBlockFields = {
  ...blockBase,
  title: z.string().optional(),
  description: z.string().optional(),
  formId: z.string(),
  form: formContextSchema,
  islandProps: islandProps.optional(),
};

/** The owner's donation settings as the donation block (block type 52) and the donate page (203) show them; amounts in minor units. */
export const donationContextSchema = z.strictObject({
  title: z.string().describe('The owner’s title; empty for the default'),
  description: z.string(),
  currency: z.string().describe('The store’s currency, which donations are given in'),
  suggested: z
    .array(
      z.strictObject({
        cents: z.number().int(),
        text: z.string().describe('The amount as money text'),
        checked: z.boolean().optional().describe('Blocks: the amount chosen first'),
      }),
    )
    .describe('The suggested amounts, smallest first'),
  allowCustom: z.boolean().describe('Donors may give another amount'),
  allowMonthly: z.boolean().describe('Donors may give every month'),
  minText: z.string().describe('The smallest donation as money text'),
  maxText: z.string().describe('The largest donation as money text'),
  linkUrl: z.string().optional().describe('Blocks: the donate page the block’s form goes to, in the page’s language'),
});

/** The `contribution` object of the contribution confirmed page (204). */
export const contributionContextSchema = z.strictObject({
  id: z.string(),
  amountText: z.string().describe('The amount, with `/month` for a monthly donation'),
  monthly: z.boolean(),
  donorName: z.string(),
  receiptEmail: z.string().describe('Where the receipt was sent'),
  thankYou: z.string().describe('The owner’s thank-you text'),
  testMode: z.boolean(),
  manageUrl: z.string().optional().describe('Monthly donations: the manage link (pause, cancel)'),
});
export type DonationContext = z.infer<typeof donationContextSchema>;
export type ContributionContext = z.infer<typeof contributionContextSchema>;

/**
 * A block of a page collection (`collection.blocks`), by `typeName`: the owner’s fields as
 * stored, plus what the server resolves (a summary’s items, a form block’s form).
 */
export const blockContextSchema = z.discriminatedUnion('typeName', [
  z.strictObject({
    ...blockBase,
    typeName: z.literal('hero'),
    eyebrow: z.string().optional(),
    title: z.string().optional(),
    text: z.string().optional(),
    buttonText: z.string().optional(),
    buttonUrl: z.string().optional(),
    assetUrl: z.string().optional(),
    altText: z.string().optional(),
  }),
  z.strictObject({
    ...blockBase,
    typeName: z.literal('html'),
    title: z.string().optional(),
    html: z.string().describe('The owner’s HTML, cleaned (as written when `raw`)'),
    raw: z.boolean().optional().describe('Raw HTML saved by a role with the code permission'),
  }),
  z.strictObject({
    ...blockBase,
    typeName: z.literal('summary'),
    title: z.string().optional(),
    collectionId: z.string().optional().describe('The collection summarised (or `collectionUrlId`)'),
    collectionUrlId: z.string().optional(),
    limit: z.number().optional().describe('How many items to show: 1-12, default 3'),
    collectionType: z.enum(COLLECTION_KINDS).describe('Which kind of collection the items come from'),
    items: z.array(itemContextSchema).describe('Its latest items'),
    linkUrl: z.string().describe('The summarised collection’s page, unless the owner set another'),
    linkText: z.string().describe('Default `View all`'),
  }),
  z.strictObject({ ...formBlockFields, typeName: z.literal('form') }),
  z.strictObject({ ...formBlockFields, typeName: z.literal('newsletter') }),
  z
    .looseObject({
      ...blockBase,
      typeName: z.enum(RENDERED_BLOCK_KINDS),
    })
    .describe('The other kinds the dashboard edits (server block-kinds/): their stored fields, plus what their templates need (blocks/render)'),
  z.strictObject({ ...blockBase, typeName: z.literal('donation'), donation: donationContextSchema.describe('Block type 52: the site’s donation settings') }),
]);
export type BlockContext = z.infer<typeof blockContextSchema>;

/** The `collection` object: the collection a page shows (spec 3, Product collection, for its fields). */
export const collectionContextSchema = z.strictObject({
  id: z.string(),
  websiteId: z.string(),
  type: z.number().int().describe('Spec collection type: 1 generic (blog, events), 6 gallery, 10 page, 13 products'),
  typeName: z.enum(COLLECTION_KINDS).describe('Which theme templates render it (`{typeName}.list`, `{typeName}.item`)'),
  title: z.string(),
  navigationTitle: z.string().describe('Its title in navigation; the title when none is set'),
  urlId: z.string(),
  fullUrl: z.string().describe('`/` for the home page, else `/{urlId}`'),
  description: z.string().describe('The owner’s HTML, cleaned'),
  enabled: z.boolean(),
  homepage: z.boolean(),
  categories: z.array(z.string()).describe('Category filter; a store adds the categories of its products after its own'),
  passwordProtected: z.boolean(),
  updatedOn: epochMs,
  blocks: z.array(blockContextSchema).optional().describe('Page collections: the page’s blocks, resolved'),
});
export type CollectionContext = z.infer<typeof collectionContextSchema>;

/** The `pagination` object of a listing. */
export const paginationContextSchema = z.strictObject({
  currentPage: z.number().int(),
  totalPages: z.number().int().describe('At least 1'),
  pageSize: z.number().int(),
  total: z.number().int().describe('Items in the listing, on every page'),
  nextPage: z.boolean(),
  prevPage: z.boolean(),
  nextPageUrl: z.string().optional().describe('Keeps the tag or category filter'),
  prevPageUrl: z.string().optional(),
});
export type PaginationContext = z.infer<typeof paginationContextSchema>;

/** An entry of a navigation: a page of the site or an external link, with its own entries. */
export const navItemContextSchema = z.strictObject({
  title: z.string(),
  fullUrl: z.string(),
  collectionId: z.string().optional().describe('A page entry: its collection'),
  collection: z
    .strictObject({
      id: z.string(),
      fullUrl: z.string(),
      navigationTitle: z.string(),
      title: z.string(),
      urlId: z.string(),
      folder: z.boolean().describe('True when the entry has entries of its own'),
    })
    .optional()
    .describe('A page entry: its page'),
  externalLink: z.strictObject({ url: z.string(), newWindow: z.boolean() }).optional().describe('An external entry: its link'),
  lock: z
    .strictObject({ label: z.string().describe("The lock's accessible text ('Members only')") })
    .optional()
    .describe('A members-only page (or member area) the visitor cannot open: the entry leads to the join page'),
  active: z.boolean().describe('The visitor is on this page or below it'),
  folderActive: z.boolean().describe('The visitor is on the page of one of its entries'),
  get items(): z.ZodArray<typeof navItemContextSchema> {
    return z.array(navItemContextSchema);
  },
});
export type NavItemContext = z.infer<typeof navItemContextSchema>;

/**
 * The `navigation` object: each navigation of the site by name (`mainNavigation`,
 * `footerNavigation`...). Entries of missing or disabled pages are left out; a navigation with
 * none left is absent. Empty on the lock screen.
 */
export const navigationContextSchema = z.record(z.string(), z.strictObject({ items: z.array(navItemContextSchema) }));
export type NavigationContext = z.infer<typeof navigationContextSchema>;

const moneyText = z.strictObject({ value: z.string().describe('Decimal amount, such as `12.50`'), currency: z.string() });

/** The `cart` object: the cart API’s shopping cart (spec 3) with what the theme shows of each line. */
export const cartContextSchema = z
  .looseObject({
    id: z.string().describe('Empty when the visitor has no cart'),
    entries: z.array(z.looseObject({ fullUrl: z.string(), assetUrl: z.string(), srcset: z.string(), unitPriceMoney: moneyText, subTotalMoney: moneyText })),
    totalQuantity: z.number().int(),
    subtotalCents: z.number().int(),
    grandTotalCents: z.number().int(),
    subtotalMoney: moneyText,
    discountMoney: moneyText,
    shippingCostMoney: moneyText,
    taxMoney: moneyText,
    grandTotalMoney: moneyText,
  })
  .describe('The remaining fields are those of GET /api/commerce/shopping-cart');

/**
 * Server-side helpers of the page under `render` (head tags, asset URLs, island props, the
 * page's own extras such as `adjacent` posts or `shopUrl`): free in shape and subject to change.
 */
export const renderContextSchema = z.looseObject({
  headMeta: z.string().describe('Escaped `<title>`, description, canonical link and Open Graph tags'),
  year: z.number().int(),
  cartPill: z.record(z.string(), z.unknown()).describe('The header cart link’s count, noun, subtotal and accessible name'),
  islandsEnabled: z.boolean().describe('The storefront bundle is built: island props are present'),
  islands: z.record(z.string(), z.unknown()).describe('Props of the page’s storefront islands, by island'),
  blockTexts: z
    .record(z.string(), z.string())
    .optional()
    .describe('The system block templates’ texts in the page’s language, as patterns of the `message` formatter (`Watch the video on {host}`)'),
});

/**
 * The whole page context, as `?format=json` answers it. Which of the optional keys a page has
 * depends on its kind: listings have `collection`, `items` and `pagination`; item pages
 * `collection` and `item`; product pages also `related`; search `search` and `items`.
 */
export const pageContextSchema = z.object({
  website: websiteContextSchema,
  websiteSettings: websiteSettingsContextSchema,
  navigation: navigationContextSchema,
  footer: z.record(z.string(), z.unknown()).describe('The owner’s footer settings; `newsletter` carries its form when the footer shows it'),
  announcement: z.strictObject({ text: z.string() }).optional().describe('The header’s announcement bar, when set'),
  showCart: z.boolean().describe('The site sells something, so the header shows the cart'),
  cart: cartContextSchema,
  pageType: z.literal(Object.values(PageType)).describe('Spec 2 page type: 1 listing, 2 page, 50 item, 100 not found, 102 search, 200 cart...'),
  collection: collectionContextSchema.optional(),
  item: itemContextSchema.optional(),
  items: z
    .array(z.union([searchResultSchema, itemContextSchema]))
    .optional()
    .describe('A listing’s items on this page, or the search results'),
  pagination: paginationContextSchema.optional(),
  related: z.array(itemContextSchema).optional().describe('Product pages: other products of the store'),
  productMerchandisingContext: z.record(z.string(), merchandisingContextSchema).optional().describe('Merchandising of each product shown, by item id'),
  search: z.strictObject({ query: z.string(), count: z.number().int() }).optional().describe('The search page: the query and how many items matched'),
  order: z.record(z.string(), z.unknown()).optional().describe('Order pages: the order, its lines and totals'),
  subscription: z.record(z.string(), z.unknown()).optional().describe('Subscription checkout: the plan’s price and cycles texts'),
  donation: donationContextSchema.optional().describe('The donate page (203)'),
  contribution: contributionContextSchema.optional().describe('The contribution confirmed page (204)'),
  render: renderContextSchema,
});
export type PageContext = z.infer<typeof pageContextSchema>;
