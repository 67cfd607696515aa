import type { PageFields } from '@emporium/forms';
import { blockRenderFields, EDITED_BLOCK_TYPE_NAMES, withGridRows } from '../../blocks/index.js';
import { cleanHtmlBlocks } from '../../rich-text/index.js';
import { listItems, loadForms, type CollectionRow } from '../queries.js';
import { readThrough, type FormRow, type ReadSource } from '../../site-data/index.js';
import { DONATE_PATH, loadDonationSettings } from '../../donations/index.js';
import { blockKindData } from './block-kind-data.js';
import { donationContext } from './donation-pages.js';
import { collectionKind } from './collection-context.js';
import { formContext } from './form-context.js';
import { formBlockIslandProps } from './island-props.js';
import { collectionUrl, itemContext } from './item-context.js';
import { enrichProducts } from './product-items.js';

/** Block kinds the themes render on a page: those the dashboard edits (blocks/) and the ones it keeps as they are. */
export const BLOCK_KINDS: readonly string[] = Object.freeze([...EDITED_BLOCK_TYPE_NAMES, 'hero', 'summary', 'form', 'donation']);

type StoredBlock = Record<string, unknown> & { typeName?: unknown };

const SUMMARY_LIMIT_MAX = 12;

/** Reads forms of the site by id (the site cache's, or straight from the database). */
export type FormsLoader = (ids: readonly string[]) => Promise<Map<string, FormRow>>;

/** The donation block's fields (block type 52): the site's settings with the first amount checked, or undefined while donations are off. */
async function donationBlock(db: ReadSource, websiteId: string, currency: string, locale: string) {
  const settings = await readThrough(db, 'donation-settings', (d) => loadDonationSettings(d, websiteId, currency));
  if (!settings.enabled) return undefined;
  const fields = donationContext(settings, currency, locale);
  return { ...fields, linkUrl: DONATE_PATH, suggested: fields.suggested.map((s, i) => ({ ...s, checked: i === 0 })) };
}

async function summaryBlock(
  db: ReadSource,
  websiteId: string,
  block: StoredBlock,
  source: CollectionRow,
  currency: string,
  now: Date,
  listed: ListedFilter,
): Promise<{ fields: Record<string, unknown>; merchandising: Record<string, unknown> }> {
  const kind = collectionKind(source);
  const limit = Math.min(Math.max(1, Number(block.limit) || 3), SUMMARY_LIMIT_MAX);
  const { rows } = await listItems(db, websiteId, source.id, { kind, limit, offset: 0, now, count: false });
  const list = (await listed(source, rows)).map((r) => itemContext(r, source));
  const merchandising = kind === 'products' ? (await enrichProducts(db, websiteId, list, currency)).merchandising : {};
  return { fields: { collectionType: kind, items: list }, merchandising };
}

/**
 * The items of `collection` a visitor may see listed by a block (summary, product, tag cloud,
 * archive): the member-area rule applied to rows read for every visitor alike.
 */
export type ListedFilter = <T extends { id: string }>(collection: CollectionRow, rows: readonly T[]) => Promise<T[]>;

/**
 * How blocks print dates and numbers (the site's, or the page language's, locale and the site's
 * time zone) and which listed items the visitor may see.
 */
export interface BlockFormats {
  readonly locale: string;
  readonly timeZone?: string;
  readonly listed: ListedFilter;
}

/** `zone` when this runtime knows it, else UTC (a stored zone the runtime no longer knows never breaks a page). */
function validTimeZone(zone: string | undefined): string {
  if (!zone) return 'UTC';
  let valid = knownZones.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      valid = zone;
    } catch {
      valid = 'UTC';
    }
    if (knownZones.size >= KEPT_ZONES) knownZones.clear();
    knownZones.set(zone, valid);
  }
  return valid;
}

/** Zones checked so far (making a formatter to check one costs far more than the page's use of it). Bounded; cleared when full. */
const knownZones = new Map<string, string>();
const KEPT_ZONES = 1000;

/**
 * Resolves a page's stored blocks for the template: summary blocks get their collection's
 * latest items (products with commerce content), form and newsletter blocks get their form,
 * donation blocks (block type 52) the site's donation settings (dropped while donations are off).
 * Unknown block kinds are dropped and HTML blocks cleaned ({@link cleanHtmlBlocks}); `page` is the page-fields object sent with form
 * submissions (null when islands are off: no island props). Summary blocks and forms are
 * read at the same time. Returns the blocks and the merchandising context of any products shown.
 */
export async function resolveBlocks(
  db: ReadSource,
  websiteId: string,
  raw: unknown,
  collections: readonly CollectionRow[],
  currency: string,
  now: Date,
  page: PageFields | null,
  formsOf: FormsLoader = (ids) => loadForms(db, websiteId, ids),
  formats: BlockFormats,
): Promise<{ blocks: Record<string, unknown>[]; merchandising: Record<string, unknown> }> {
  const { locale, listed } = formats;
  const kept = cleanHtmlBlocks(raw);
  const stored = (Array.isArray(kept) ? kept : []).filter(
    (b): b is StoredBlock => !!b && typeof b === 'object' && BLOCK_KINDS.includes((b as StoredBlock).typeName as string),
  );
  const formIds = stored.map((b) => b.formId).filter((id): id is string => typeof id === 'string');
  const sources = stored.map((block) => {
    if (block.typeName !== 'summary') return undefined;
    const source = collections.find((c) => c.id === block.collectionId || c.urlId === block.collectionUrlId);
    return source && source.enabled ? source : null;
  });
  const [formsById, summaries, donation, kindData] = await Promise.all([
    formsOf(formIds),
    Promise.all(stored.map((block, i) => (sources[i] ? summaryBlock(db, websiteId, block, sources[i], currency, now, listed) : undefined))),
    stored.some((b) => b.typeName === 'donation') ? donationBlock(db, websiteId, currency, locale) : undefined,
    blockKindData({ db, websiteId, collections, currency, now, locale, timeZone: validTimeZone(formats.timeZone), islands: page !== null, listed }, stored),
  ]);
  const merchandising: Record<string, unknown> = {};
  const blocks: Record<string, unknown>[] = [];
  for (const [index, block] of stored.entries()) {
    const out: Record<string, unknown> = { id: `b${index + 1}`, ...block, ...blockRenderFields(block) };
    const data = kindData[index];
    if (data?.fields === null) continue;
    if (data) {
      Object.assign(merchandising, data.merchandising);
      Object.assign(out, data.fields);
    }
    if (block.typeName === 'summary') {
      const source = sources[index];
      const summary = summaries[index];
      if (!source || !summary) continue;
      Object.assign(merchandising, summary.merchandising);
      Object.assign(out, summary.fields);
      out.linkUrl ??= collectionUrl(source);
      out.linkText ??= `View all`;
    }
    if (block.typeName === 'form' || block.typeName === 'newsletter') {
      const form = typeof block.formId === 'string' ? formsById.get(block.formId) : undefined;
      if (!form) continue;
      const ctx = formContext(form);
      out.form = block.typeName === 'form' ? { ...ctx, title: block.title ?? '', description: block.description ?? '' } : ctx;
      if (page) out.islandProps = formBlockIslandProps(form, page);
    }
    if (block.typeName === 'donation') {
      if (!donation) continue;
      out.donation = donation;
    }
    blocks.push(out);
  }
  return { blocks: withGridRows(blocks), merchandising };
}
