import { cleanOwnerHtml } from './owner-html.js';

/**
 * A page's stored blocks with the `html` of each HTML block cleaned by {@link cleanOwnerHtml}
 * (the only block field a theme prints as markup) unless marked `raw`; any other value is returned as it is.
 */
export function cleanHtmlBlocks(blocks: unknown): unknown {
  if (!Array.isArray(blocks)) return blocks;
  return blocks.map((block: unknown) => {
    if (!block || typeof block !== 'object') return block;
    const fields = block as Record<string, unknown>;
    // A raw HTML block was saved by a role with the code permission (blocks/ cleanBlocks).
    if (fields.typeName !== 'html' || typeof fields.html !== 'string' || fields.raw === true) return block;
    return { ...fields, html: cleanOwnerHtml(fields.html) };
  });
}
