import type { Predicate } from '../../plugin-api.js';
import { stripTags } from './html-text.js';
import { asBoolean, asNumber, asString, getProp, isTruthy, sizeOf } from './values.js';

function hasImage(item: unknown): boolean {
  return isTruthy(getProp(item, 'mainImageId')) || isTruthy(getProp(item, 'systemDataId'));
}

/** `main-image?`: the item has a main image. */
const mainImage: Predicate = { apply: (_args, ctx) => hasImage(ctx.node()) };

/** `child-images?`: the first of the node's `items` has an image. */
const childImages: Predicate = {
  apply(_args, ctx) {
    const items = getProp(ctx.node(), 'items');
    return Array.isArray(items) && items.length > 0 && hasImage(items[0]);
  },
};

const BLANK = /[\s\u200b\u00a0]+/g;

/** `excerpt?`: the item's excerpt (`excerpt.html` or a plain string) has visible text. */
const excerpt: Predicate = {
  apply(_args, ctx) {
    const value = getProp(ctx.node(), 'excerpt');
    const html = getProp(value, 'html');
    const text = typeof html === 'string' ? html : typeof value === 'string' ? value : '';
    return stripTags(text).replace(BLANK, '').length > 0;
  },
};

/** `external-link?`: the item links elsewhere. */
const externalLink: Predicate = { apply: (_args, ctx) => isTruthy(getProp(ctx.node(), 'externalLink')) };

/** `location?`: the item's location has both map coordinates. */
const location: Predicate = {
  apply(_args, ctx) {
    const loc = getProp(ctx.node(), 'location');
    return getProp(loc, 'mapLat') !== undefined && getProp(loc, 'mapLng') !== undefined;
  },
};

/** `passthrough?`: the item passes through to a non-empty `sourceUrl`. */
const passthrough: Predicate = {
  apply(_args, ctx) {
    const node = ctx.node();
    return isTruthy(getProp(node, 'passthrough')) && asString(getProp(node, 'sourceUrl')) !== '';
  },
};

/** `serviceNameEmail?`: the node's `serviceName` is `email`. */
const serviceNameEmail: Predicate = {
  apply: (_args, ctx) => asString(getProp(ctx.node(), 'serviceName')) === 'email',
};

/** `show-past-events?`: the calendar shows past events. */
const showPastEvents: Predicate = {
  apply: (_args, ctx) => asString(getProp(ctx.node(), 'showPastOrUpcomingEvents')) === 'past',
};

/** `calendar-view?`: the nearest `calendarView` is true. */
const calendarView: Predicate = { apply: (_args, ctx) => asBoolean(ctx.resolve(['calendarView'])) };

/** `has-multiple?`: the node has more than one element or key. */
const hasMultiple: Predicate = { apply: (_args, ctx) => sizeOf(ctx.node()) > 1 };

function utcDay(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getUTCFullYear()}-${d.getUTCMonth()}-${d.getUTCDate()}`;
}

/** `same-day?`: the event's `startDate` and `endDate` fall on the same UTC calendar day. */
const sameDay: Predicate = {
  apply(_args, ctx) {
    const node = ctx.node();
    return utcDay(asNumber(getProp(node, 'startDate'))) === utcDay(asNumber(getProp(node, 'endDate')));
  },
};

/** Predicates about a single content item. */
export const itemPredicates: Readonly<Record<string, Predicate>> = Object.freeze({
  'main-image?': mainImage,
  'child-images?': childImages,
  'excerpt?': excerpt,
  'external-link?': externalLink,
  'location?': location,
  'passthrough?': passthrough,
  'serviceNameEmail?': serviceNameEmail,
  'show-past-events?': showPastEvents,
  'calendar-view?': calendarView,
  'has-multiple?': hasMultiple,
  'same-day?': sameDay,
});
