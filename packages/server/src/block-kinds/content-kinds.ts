import { z } from 'zod';
import { LinkUrl, oneOf, text } from './fields.js';
import { BlockMessages } from './messages.js';

/** Longest text, HTML, Markdown or code of one block, in characters. */
export const MAX_BLOCK_TEXT = 100_000;

/** Text (block type 2, `html`): owner rich text, cleaned by the rich-text allowlist unless `raw` (the `code` permission). */
export const TextBlock = z.strictObject({
  typeName: z.literal('html'),
  html: z.string().max(MAX_BLOCK_TEXT, { error: BlockMessages.atMost(MAX_BLOCK_TEXT) }),
  title: text(200).optional(),
  raw: z.boolean().optional().describe('Raw HTML, kept as written: only roles with the code permission'),
});

/** Quote (block type 31). */
export const QuoteBlock = z.strictObject({
  typeName: z.literal('quote'),
  text: text(2000).min(1, { error: BlockMessages.QUOTE_TEXT }),
  source: text(200).optional(),
});

/** Button (block type 53). */
export const ButtonBlock = z.strictObject({
  typeName: z.literal('button'),
  text: text(100).min(1, { error: BlockMessages.BUTTON_TEXT }),
  url: LinkUrl,
  style: oneOf(['primary', 'secondary']).default('primary'),
  align: oneOf(['left', 'center', 'right']).default('left'),
  newWindow: z.boolean().optional(),
});

/** Spacer (block type 21): empty room, in pixels. */
export const SpacerBlock = z.strictObject({
  typeName: z.literal('spacer'),
  height: z.number().int().min(8, { error: 'A spacer is 8 to 400 pixels high.' }).max(400, { error: 'A spacer is 8 to 400 pixels high.' }).default(48),
});

/** Line (block type 47, horizontal rule). */
export const LineBlock = z.strictObject({ typeName: z.literal('line') });

/** Markdown (block type 44): rendered on the server and cleaned like rich text. */
export const MarkdownBlock = z.strictObject({
  typeName: z.literal('markdown'),
  markdown: z
    .string()
    .max(MAX_BLOCK_TEXT, { error: BlockMessages.atMost(MAX_BLOCK_TEXT) })
    .refine((value) => value.trim().length > 0, { error: BlockMessages.MARKDOWN_REQUIRED }),
});

/** Accordion (block type 69): titled panels that open one by one. */
export const AccordionBlock = z.strictObject({
  typeName: z.literal('accordion'),
  items: z
    .array(z.strictObject({ title: text(200).min(1, { error: BlockMessages.ACCORDION_ITEMS }), body: text(5000).default('') }))
    .min(1, { error: BlockMessages.ACCORDION_ITEMS })
    .max(30),
  openFirst: z.boolean().optional(),
});

/** Code (block type 23): shown as source, or run as raw HTML (only roles with the code permission). */
export const CodeBlock = z.strictObject({
  typeName: z.literal('code'),
  code: z.string().max(MAX_BLOCK_TEXT, { error: BlockMessages.atMost(MAX_BLOCK_TEXT) }),
  display: oneOf(['source', 'raw']).default('source'),
  language: text(40).optional(),
});
