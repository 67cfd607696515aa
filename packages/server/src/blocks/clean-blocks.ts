import { isDeepStrictEqual } from 'node:util';
import sanitizeHtml from 'sanitize-html';
import { cleanOwnerHtml } from '../rich-text/index.js';

/** What the saver may do: keep raw HTML and code (the `code` permission), and the blocks stored before the change. */
export interface BlockCleaning {
  readonly mayWriteCode: boolean;
  /** The layout's blocks before this save: a raw block kept unchanged stays raw even for a role without the code permission. */
  readonly previous?: readonly unknown[];
}

/**
 * An oEmbed answer's HTML as stored: only an https iframe (sandboxed, lazy, no referrer) and
 * plain formatting survive; no script or handler. The storefront shows a placeholder by default
 * and never this HTML, so a theme that shows it gets a player that cannot reach the page.
 */
export function cleanEmbedHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['iframe', 'p', 'a', 'blockquote', 'br', 'em', 'strong'],
    allowedAttributes: { iframe: ['src', 'width', 'height', 'title', 'allow', 'allowfullscreen', 'sandbox', 'loading', 'referrerpolicy'], a: ['href'] },
    allowedSchemes: ['https'],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    nonTextTags: ['script', 'style', 'template', 'noscript', 'textarea', 'option'],
    transformTags: {
      iframe: (tagName: string, attribs: sanitizeHtml.Attributes) => ({
        tagName,
        attribs: { ...attribs, sandbox: 'allow-scripts allow-same-origin allow-presentation', loading: 'lazy', referrerpolicy: 'no-referrer' },
      }),
    },
  });
}

/** True when `block` shows its HTML or code unescaped (a raw text block or a code block run as HTML). */
export function isRawBlock(block: Readonly<Record<string, unknown>>): boolean {
  return (block.typeName === 'html' && block.raw === true) || (block.typeName === 'code' && block.display === 'raw');
}

/**
 * Blocks as stored: text cleaned by the rich-text allowlist, oEmbed HTML by
 * {@link cleanEmbedHtml}; raw HTML and code kept as written only for a saver with the `code`
 * permission (or when unchanged from `previous`), cleaned like rich text for everyone else.
 */
export function cleanBlocks(blocks: readonly Record<string, unknown>[], cleaning: BlockCleaning): Record<string, unknown>[] {
  return blocks.map((block) => {
    if (isRawBlock(block) && (cleaning.mayWriteCode || cleaning.previous?.some((old) => isDeepStrictEqual(old, block)))) return block;
    switch (block.typeName) {
      case 'html': {
        const { raw: _raw, ...text } = block;
        return { ...text, html: cleanOwnerHtml(String(block.html ?? '')) };
      }
      case 'code':
        return block.display === 'raw' ? { ...block, code: cleanOwnerHtml(String(block.code ?? '')) } : block;
      case 'video':
      case 'embed':
        return typeof block.html === 'string' ? { ...block, html: cleanEmbedHtml(block.html) } : block;
      default:
        return block;
    }
  });
}
