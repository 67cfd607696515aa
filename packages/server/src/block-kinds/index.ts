/**
 * The block kinds of a layout, by the spec's block-type numbers (spec 3 "Block types"): each
 * kind's stored fields as a zod schema. Pure zod (no server code), so the dashboard validates
 * its forms with these very schemas through `@emporium/server/block-kinds`.
 */
import { z } from 'zod';
import { ChartBlock } from './chart.js';
import { ArchiveBlock, FormBlock, ProductBlock, SummaryBlock, TagCloudBlock } from './collection-kinds.js';
import { GalleryBlock } from './gallery-kind.js';
import { checkGridRows, GridPlacement } from './grid.js';
import { AccordionBlock, ButtonBlock, CodeBlock, LineBlock, MarkdownBlock, QuoteBlock, SpacerBlock, TextBlock } from './content-kinds.js';
import { AudioBlock, EmbedBlock, ImageBlock, VideoBlock } from './media-kinds.js';
import { BlockMessages, MAX_BLOCKS_PER_LAYOUT } from './messages.js';
import { MapBlock, MenuBlock, NewsletterBlock, SearchBlock, SocialLinksBlock } from './site-kinds.js';
import { LANGUAGE_SWITCHER_BLOCK_TYPE, LanguageSwitcherBlock } from './language-switcher.js';

export * from './messages.js';
export { CHART_MAX_COLUMNS, CHART_MAX_ROWS } from './messages.js';
export { chartNumber, datasetProblem, truncateDataset, type ChartData } from './chart.js';
export { menuFromText, menuToText } from './site-kinds.js';
export { IMAGE_WIDTHS, MAX_ALT } from './media-kinds.js';
export { MAX_BLOCK_TEXT } from './content-kinds.js';
export { HttpsUrl } from './fields.js';
export { GALLERY_ASPECT_RATIOS, GALLERY_BLOCK_DESIGNS, GALLERY_META_POSITIONS, GalleryImage, MAX_GALLERY_IMAGES } from './gallery-kind.js';
export { SUMMARY_DESIGNS, SUMMARY_MAX_ITEMS } from './collection-kinds.js';
export { BLOCK_FIELDS_PATH, BlockFieldList, BlockFieldView } from './block-field-schemas.js';
export { BLOCK_MEDIA_PATH, BlockMediaList, LibraryImage, UploadedBlockImage, VIDEO_DETAILS_PATH, VideoDetails } from './media-library-schemas.js';
export { checkGridRows, GridPlacement, gridProblems, gridRows, placementOf } from './grid.js';

/** A kind of block: its stored `typeName`, the spec's block-type number, its name in the dashboard and its fields. */
export interface BlockKind {
  readonly typeName: string;
  readonly type: number;
  readonly label: string;
  readonly schema: z.ZodType<Record<string, unknown>, Record<string, unknown>>;
}

const kind = (typeName: string, type: number, label: string, schema: z.ZodType): BlockKind =>
  Object.freeze({ typeName, type, label, schema: schema as BlockKind['schema'] });

/** Every kind the dashboard edits, in the order its Add block menu offers them. */
export const BLOCK_KIND_LIST: readonly BlockKind[] = Object.freeze([
  kind('html', 2, 'Text', TextBlock),
  kind('quote', 31, 'Quote', QuoteBlock),
  kind('button', 53, 'Button', ButtonBlock),
  kind('spacer', 21, 'Spacer', SpacerBlock),
  kind('line', 47, 'Line', LineBlock),
  kind('image', 5, 'Image', ImageBlock),
  kind('markdown', 44, 'Markdown', MarkdownBlock),
  kind('video', 32, 'Video', VideoBlock),
  kind('embed', 22, 'Embed', EmbedBlock),
  kind('accordion', 69, 'Accordion', AccordionBlock),
  kind('code', 23, 'Code', CodeBlock),
  kind('chart', 62, 'Chart', ChartBlock),
  kind('map', 4, 'Map', MapBlock),
  kind('search', 33, 'Search', SearchBlock),
  kind('social-links', 54, 'Social links', SocialLinksBlock),
  kind('newsletter', 51, 'Newsletter', NewsletterBlock),
  kind('menu', 18, 'Menu', MenuBlock),
  kind('audio', 41, 'Audio', AudioBlock),
  kind('language-switcher', LANGUAGE_SWITCHER_BLOCK_TYPE, 'Language switcher', LanguageSwitcherBlock),
  kind('gallery', 8, 'Gallery', GalleryBlock),
  kind('form', 9, 'Form', FormBlock),
  kind('product', 43, 'Product', ProductBlock),
  kind('summary-v2', 55, 'Summary', SummaryBlock),
  kind('tag-cloud', 14, 'Tag cloud', TagCloudBlock),
  kind('archive', 61, 'Archive', ArchiveBlock),
]);

/** The kinds by `typeName` (a null-prototype table: only own kinds are found). */
export const BLOCK_KINDS_BY_NAME: Readonly<Record<string, BlockKind>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, BlockKind>, Object.fromEntries(BLOCK_KIND_LIST.map((k) => [k.typeName, k]))),
);

/** The `typeName`s of {@link BLOCK_KIND_LIST}. */
export const EDITED_BLOCK_TYPE_NAMES: readonly string[] = Object.freeze(BLOCK_KIND_LIST.map((k) => k.typeName));

/** The kind of `typeName`, or undefined for kinds the editor does not edit (they are kept as they are). */
export function blockKindOf(typeName: unknown): BlockKind | undefined {
  return typeof typeName === 'string' && Object.hasOwn(BLOCK_KINDS_BY_NAME, typeName) ? BLOCK_KINDS_BY_NAME[typeName] : undefined;
}

/**
 * A block as saved: a kind of {@link BLOCK_KIND_LIST} is checked by its schema (each problem
 * at its field's path, with the kind's message); any other kind (imported content, blocks
 * the theme's other tools make) is kept as it is. Any block may carry its place on the
 * 12-column grid (`grid`, {@link GridPlacement}).
 */
export const BlockInput = z
  .looseObject({
    typeName: z.string({ error: BlockMessages.TYPE_NAME }).min(1, { error: BlockMessages.TYPE_NAME }).max(64),
    grid: GridPlacement.optional(),
  })
  .transform((block, ctx) => {
    const known = blockKindOf(block.typeName);
    if (!known) return block as Record<string, unknown>;
    const { grid, ...fields } = block;
    const parsed = known.schema.safeParse(fields);
    if (parsed.success) return grid ? { ...parsed.data, grid } : parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
export type BlockInput = z.input<typeof BlockInput>;

/** A layout's blocks: at most {@link MAX_BLOCKS_PER_LAYOUT}, in rows whose blocks share the 12 columns ({@link checkGridRows}). */
export const BlockLayout = z.array(BlockInput).max(MAX_BLOCKS_PER_LAYOUT, { error: BlockMessages.TOO_MANY }).superRefine(checkGridRows);

export { AccordionBlock, AudioBlock, ButtonBlock, ChartBlock, CodeBlock, EmbedBlock, ImageBlock, LineBlock, MapBlock, MarkdownBlock };
export { MenuBlock, NewsletterBlock, QuoteBlock, SearchBlock, SocialLinksBlock, SpacerBlock, TextBlock, VideoBlock };
export { ArchiveBlock, FormBlock, GalleryBlock, ProductBlock, SummaryBlock, TagCloudBlock };
