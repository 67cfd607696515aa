/** Owner-written rich text: the one allowlist every save and render path cleans HTML with. */
export { cleanOwnerHtml } from './owner-html.js';
export { cleanHtmlBlocks } from './html-blocks.js';
