import type { Block } from './block-fields.js';

/** Whether a browser's user agent is Android's: the code editors are not offered there (spec 8). */
export function isAndroid(userAgent: string): boolean {
  return /\bAndroid\b/i.test(userAgent);
}

/** Whether field `key` of `block` is edited as code: a code block's code, or a raw HTML block's HTML. */
export function editsCode(block: Block, key: string): boolean {
  return (block.typeName === 'code' && key === 'code') || (block.typeName === 'html' && block.raw === true && key === 'html');
}

/** Whether this browser may edit field `key` of `block`: every field, but code on Android. */
export function mayEditHere(block: Block, key: string, userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return !(editsCode(block, key) && isAndroid(userAgent));
}
