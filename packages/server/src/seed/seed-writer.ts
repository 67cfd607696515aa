import { collections, comments, forms, items, productReviews, products, variants } from '../db/index.js';
import type { DbOrTx } from '../db/types.js';
import { cleanHtmlBlocks, cleanOwnerHtml } from '../rich-text/index.js';

/** A collection to create. */
export interface CollectionSeed {
  type: number;
  urlId: string;
  title: string;
  navigationTitle?: string;
  description?: string;
  isHomepage?: boolean;
  displayIndex?: number;
  settings?: Record<string, unknown>;
}

/** An item to create (dates as Date). */
export interface ItemSeed {
  recordType: number;
  urlId: string;
  title: string;
  body?: string;
  excerpt?: string;
  tags?: string[];
  categories?: string[];
  authorName?: string;
  publishOn?: Date;
  assetUrl?: string;
  displayIndex?: number;
  likeCount?: number;
  structuredContent?: Record<string, unknown>;
}

/** A variant to create; prices in minor units. */
export interface VariantSeed {
  sku: string;
  priceCents: number;
  salePriceCents?: number;
  onSale?: boolean;
  attributes?: Record<string, string>;
  qtyInStock?: number;
  unlimited?: boolean;
}

/** An approved visitor comment. */
export interface CommentSeed {
  authorName: string;
  authorEmail: string;
  body: string;
  createdAt: Date;
}

/** An approved product review (rating 1-5). */
export interface ReviewSeed {
  authorName: string;
  rating: number;
  title: string;
  body: string;
  createdAt: Date;
}

/** A product to create: its item, product facts, variants and reviews. */
export interface ProductSeed extends Omit<ItemSeed, 'recordType'> {
  reviews?: ReviewSeed[];
  productType: 1 | 2 | 3 | 4;
  isSubscribable?: boolean;
  subscriptionPlan?: { billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' }; numBillingCycles: number };
  additionalFieldsFormId?: string;
  variantOptionOrdering?: string[];
  merchandising?: Record<string, unknown>;
  variants: VariantSeed[];
}

/** A form to create. */
export interface FormSeed {
  name: string;
  fields: Record<string, unknown>[];
  submitLabel: string;
  submissionMessage: string;
  disclaimerMessage?: string;
}

/** A collection's settings with the HTML of its HTML blocks cleaned. */
function withCleanBlocks(settings: Record<string, unknown>): Record<string, unknown> {
  return settings.blocks === undefined ? settings : { ...settings, blocks: cleanHtmlBlocks(settings.blocks) };
}

/** Inserts rows of one website; every row gets that website's id. Owner HTML is stored cleaned, as the owner calls store it. */
export class SeedWriter {
  constructor(
    private readonly db: DbOrTx,
    readonly websiteId: string,
  ) {}

  async collection(seed: CollectionSeed): Promise<string> {
    const [row] = await this.db
      .insert(collections)
      .values({
        websiteId: this.websiteId,
        type: seed.type,
        urlId: seed.urlId,
        title: seed.title,
        navigationTitle: seed.navigationTitle ?? seed.title,
        description: cleanOwnerHtml(seed.description ?? ''),
        isHomepage: seed.isHomepage ?? false,
        displayIndex: seed.displayIndex ?? 0,
        settings: withCleanBlocks(seed.settings ?? {}),
      })
      .returning({ id: collections.id });
    return row!.id;
  }

  async item(collectionId: string, seed: ItemSeed): Promise<string> {
    const [row] = await this.db
      .insert(items)
      .values({
        websiteId: this.websiteId,
        collectionId,
        recordType: seed.recordType,
        urlId: seed.urlId,
        title: seed.title,
        body: cleanOwnerHtml(seed.body ?? ''),
        excerpt: cleanOwnerHtml(seed.excerpt ?? ''),
        tags: seed.tags ?? [],
        categories: seed.categories ?? [],
        authorName: seed.authorName ?? '',
        publishOn: seed.publishOn ?? new Date(),
        assetUrl: seed.assetUrl ?? null,
        displayIndex: seed.displayIndex ?? 0,
        likeCount: seed.likeCount ?? 0,
        structuredContent: seed.structuredContent ?? {},
      })
      .returning({ id: items.id });
    return row!.id;
  }

  async product(collectionId: string, seed: ProductSeed): Promise<string> {
    const itemId = await this.item(collectionId, { ...seed, recordType: 11 });
    await this.db.insert(products).values({
      itemId,
      websiteId: this.websiteId,
      productType: seed.productType,
      isSubscribable: seed.isSubscribable ?? false,
      subscriptionPlan: seed.subscriptionPlan ?? null,
      additionalFieldsFormId: seed.additionalFieldsFormId ?? null,
      variantOptionOrdering: seed.variantOptionOrdering ?? [],
      merchandising: seed.merchandising ?? {},
    });
    await this.db.insert(variants).values(
      seed.variants.map((v, i) => ({
        websiteId: this.websiteId,
        productId: itemId,
        sku: v.sku,
        priceCents: v.priceCents,
        salePriceCents: v.salePriceCents ?? 0,
        onSale: v.onSale ?? false,
        attributes: v.attributes ?? {},
        qtyInStock: v.qtyInStock ?? 0,
        unlimited: v.unlimited ?? false,
        displayIndex: i,
      })),
    );
    for (const review of seed.reviews ?? []) {
      await this.db.insert(productReviews).values({ websiteId: this.websiteId, itemId, status: 'approved', moderatedAt: review.createdAt, ...review });
    }
    return itemId;
  }

  async comment(itemId: string, seed: CommentSeed): Promise<void> {
    await this.db.insert(comments).values({ websiteId: this.websiteId, itemId, status: 'approved', moderatedAt: seed.createdAt, ...seed });
  }

  async form(seed: FormSeed): Promise<string> {
    const [row] = await this.db
      .insert(forms)
      .values({
        websiteId: this.websiteId,
        name: seed.name,
        fields: seed.fields,
        submitLabel: seed.submitLabel,
        submissionMessage: cleanOwnerHtml(seed.submissionMessage),
        disclaimerMessage: cleanOwnerHtml(seed.disclaimerMessage ?? ''),
      })
      .returning({ id: forms.id });
    return row!.id;
  }
}

const DAY = 86_400_000;

/** A date `days` before `from` (negative: after), at 14:00 UTC. */
export function daysAgo(from: Date, days: number): Date {
  const d = new Date(from.getTime() - days * DAY);
  d.setUTCHours(14, 0, 0, 0);
  return d;
}

/** Epoch ms `days` after `from` at `hourUtc`:00 UTC. */
export function daysAhead(from: Date, days: number, hourUtc: number): number {
  const d = new Date(from.getTime() + days * DAY);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d.getTime();
}
