/** Key of an item's `structured_content` holding its own SEO title and description. */
export const SEO_DATA_KEY = 'seoData';

/** An item's SEO title and description (empty: the page uses the item's title and excerpt). */
export interface ItemSeo {
  title: string;
  description: string;
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The SEO title and description kept in an item's structured content (empty strings when unset). */
export function itemSeoOf(structuredContent: Readonly<Record<string, unknown>>): ItemSeo {
  const data = structuredContent[SEO_DATA_KEY];
  const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  return { title: stringOf(record.seoTitle), description: stringOf(record.seoDescription) };
}

/** The structured-content entry that keeps `seo` (merged into the item's structured content). */
export function seoDataEntry(seo: ItemSeo): Record<typeof SEO_DATA_KEY, { seoTitle: string; seoDescription: string }> {
  return { [SEO_DATA_KEY]: { seoTitle: seo.title, seoDescription: seo.description } };
}
