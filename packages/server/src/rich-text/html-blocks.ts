import { cleanOwnerHtml } from './owner-html.js';

/**
 * A page's stored blocks with the `html` of each HTML block cleaned by {@link cleanOwnerHtml}
 * (the only block field a theme prints as markup); any other value is returned as it is.
 */
export function cleanHtmlBlocks(blocks: unknown): unknown {
  if (!Array.isArray(blocks)) return blocks;
  return blocks.map((block: unknown) => {
    if (!block || typeof block !== 'object') return block;
    const fields = block as Record<string, unknown>;
    if (fields.typeName !== 'html' || typeof fields.html !== 'string') return block;
    return { ...fields, html: cleanOwnerHtml(fields.html) };
  });
}
