import { AppError } from '../errors/index.js';
import { cleanOwnerHtml } from '../rich-text/index.js';
import { SEO_DATA_KEY } from '../seo/index.js';
import { RecordType } from '../spec/index.js';
import { ITEM_MESSAGES } from './item-messages.js';
import { SOCIAL_IMAGE_KEY } from './item-view.js';
import type { ItemCollectionKind, ItemFields, ItemStatus } from './schemas.js';

/** The record type of each collection's items (spec 3 record types). */
export const RECORD_TYPE_OF: Readonly<Record<ItemCollectionKind, number>> = Object.freeze({
  blog: RecordType.TEXT,
  events: RecordType.EVENT,
  gallery: RecordType.IMAGE,
});

/** What an item's fields become in its row. */
export interface StoredItemFields {
  title: string;
  body: string;
  excerpt: string;
  tags: string[];
  categories: string[];
  authorName: string;
  status: ItemStatus;
  publishOn: Date;
  /** Keys of `structured_content` this save sets (event dates and place, alt text, focal point, author, SEO, social image). */
  structured: Record<string, unknown>;
  /** A new URL slug (absent: kept, or made from the title for a new item). */
  urlId?: string;
  /** A gallery image's new place (absent: kept). */
  displayIndex?: number;
}

/** The first repeated entry of a list, compared without case, or undefined. */
function firstRepeat(values: readonly string[]): number {
  const seen = new Set<string>();
  return values.findIndex((value) => {
    const key = value.toLocaleLowerCase('en-US');
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
}

/**
 * Checks an item's fields for its collection and turns them into what is stored: rich text
 * cleaned, the status's publish time (scheduled: the chosen future time; published: the given
 * past date or now; others keep the given or current time), event dates as epoch ms. Throws
 * VALIDATION_FAILED with the field errors (spec 5 'tag already exists'; spec 9 lengths).
 */
export function storedItemFields(kind: ItemCollectionKind, fields: ItemFields, now: Date, authorName: string): StoredItemFields {
  const errors: Record<string, string> = {};
  const tagRepeat = firstRepeat(fields.tags);
  if (tagRepeat >= 0) errors[`tags.${tagRepeat}`] = ITEM_MESSAGES.tagExists;
  const categoryRepeat = firstRepeat(fields.categories);
  if (categoryRepeat >= 0) errors[`categories.${categoryRepeat}`] = ITEM_MESSAGES.categoryExists;
  const publishOn = fields.publishOn ? new Date(fields.publishOn) : undefined;
  if (fields.status === 'scheduled') {
    if (!publishOn) errors.publishOn = ITEM_MESSAGES.scheduleNeedsTime;
    else if (publishOn.getTime() <= now.getTime()) errors.publishOn = ITEM_MESSAGES.scheduleInPast;
  }
  if (kind === 'events') {
    if (!fields.event) errors.event = ITEM_MESSAGES.eventNeedsDates;
    else if (new Date(fields.event.endDate).getTime() <= new Date(fields.event.startDate).getTime()) errors['event.endDate'] = ITEM_MESSAGES.endBeforeStart;
  } else if (fields.event) errors.event = ITEM_MESSAGES.eventFieldsOnEvents;
  if (kind !== 'gallery' && fields.image) errors.image = ITEM_MESSAGES.imageFieldsOnGallery;
  const first = Object.values(errors)[0];
  if (first) throw new AppError('VALIDATION_FAILED', first, { body: { fields: errors } });

  const structured: Record<string, unknown> = { authorOwnerId: fields.authorId };
  if (fields.event) {
    structured.startDate = new Date(fields.event.startDate).getTime();
    structured.endDate = new Date(fields.event.endDate).getTime();
    structured.allDay = fields.event.allDay;
    structured.location = fields.event.location;
  }
  if (fields.image) {
    structured.altText = fields.image.altText.trim() || fields.title.slice(0, 250);
    structured.mediaFocalPoint = fields.image.focalPoint;
  }
  if (fields.seoTitle !== undefined || fields.seoDescription !== undefined) {
    // Only the given halves: the other keeps its stored value (see updateItem).
    structured[SEO_DATA_KEY] = {
      ...(fields.seoTitle !== undefined ? { seoTitle: fields.seoTitle } : {}),
      ...(fields.seoDescription !== undefined ? { seoDescription: fields.seoDescription } : {}),
    };
  }
  if (fields.socialImageUrl !== undefined) structured[SOCIAL_IMAGE_KEY] = fields.socialImageUrl;
  const published = fields.status === 'published' && publishOn && publishOn.getTime() <= now.getTime() ? publishOn : now;
  return {
    title: fields.title,
    body: cleanOwnerHtml(fields.body),
    excerpt: cleanOwnerHtml(fields.excerpt),
    tags: fields.tags,
    categories: fields.categories,
    authorName,
    status: fields.status,
    publishOn: fields.status === 'scheduled' ? publishOn! : fields.status === 'published' ? published : (publishOn ?? now),
    structured,
    ...(fields.urlId !== undefined ? { urlId: fields.urlId } : {}),
  };
}
