import { PREVIEW_BLOCK_ATTRIBUTE, PreviewMessage } from './preview-messages.js';

/** The field a page block carries in a preview render: the block template wraps the block in an element naming it. */
const MARK = 'previewBlockId';

type Block = Record<string, unknown>;

/**
 * A page's stored blocks as the page renders them: in a preview each block is marked with its
 * position in the layout (the index the editor's block list uses, counted before unknown kinds
 * are left out), so the block template wraps it in a `data-block-id` element; on every other
 * render no block carries the mark, whatever was stored.
 */
export function pageBlocksFor(raw: unknown, preview: boolean): unknown {
  if (!Array.isArray(raw)) return raw;
  if (preview) return raw.map((block: unknown, index) => (block && typeof block === 'object' ? { ...(block as Block), [MARK]: String(index) } : block));
  if (!raw.some((block: unknown) => block && typeof block === 'object' && MARK in block)) return raw;
  return raw.map((block: unknown) => {
    if (!block || typeof block !== 'object' || !(MARK in block)) return block;
    const { [MARK]: _mark, ...rest } = block as Block;
    return rest;
  });
}

/**
 * A theme block field's stored blocks as the page renders them: in a preview each is marked
 * `f:{field id}:{index}`, so a click on a block of the header, footer or sidebar tells the editor
 * which shared area and block it is; on every other render no block carries the mark.
 */
export function fieldBlocksFor(raw: unknown, fieldId: string, preview: boolean): unknown {
  if (!Array.isArray(raw)) return raw;
  const marked = pageBlocksFor(raw, preview);
  if (!preview || !Array.isArray(marked)) return marked;
  return marked.map((block: unknown) =>
    block && typeof block === 'object' && MARK in block ? { ...(block as Block), [MARK]: `f:${fieldId}:${String((block as Block)[MARK])}` } : block,
  );
}

/**
 * The preview page's part of the block selection, run in the site's origin: a click on a block,
 * or focus inside one, tells the dashboard which block it is (a click on a block's link or
 * button only selects the block); the dashboard's answer outlines
 * that block and scrolls it into view. It posts only to the dashboard's origin and reads only
 * messages of the frame's parent from that origin; it never holds the owner's session.
 */
const SCRIPT = `(function (admin) {
  var host = window.parent;
  if (host === window) return;
  var ATTR = ${JSON.stringify(PREVIEW_BLOCK_ATTRIBUTE)};
  var shown = null;
  var style = document.createElement('style');
  style.textContent = '[' + ATTR + '] > * { cursor: pointer; }' +
    '[' + ATTR + ']:hover > * { outline: 2px dashed #2563eb; outline-offset: -2px; }' +
    '[' + ATTR + '][data-preview-selected] > * { outline: 3px solid #1d4ed8; outline-offset: -3px; }';
  document.head.appendChild(style);
  function post(message) { host.postMessage(message, admin); }
  function blockOf(node) { return node && node.closest ? node.closest('[' + ATTR + ']') : null; }
  function tell(event) {
    var block = blockOf(event.target);
    if (!block) return;
    // A click on a block's link or button selects the block: it neither leaves the page nor runs the button.
    if (event.type === 'click' && event.target.closest('a[href], button, [type="submit"]')) {
      event.preventDefault();
      event.stopPropagation();
    }
    post({ type: ${JSON.stringify(PreviewMessage.CHOSEN)}, blockId: block.getAttribute(ATTR) });
  }
  function show(id) {
    if (shown) shown.removeAttribute('data-preview-selected');
    shown = null;
    if (typeof id !== 'string') return;
    var blocks = document.querySelectorAll('[' + ATTR + ']');
    for (var i = 0; i < blocks.length; i++) if (blocks[i].getAttribute(ATTR) === id) shown = blocks[i];
    if (!shown) return;
    shown.setAttribute('data-preview-selected', '');
    var first = shown.firstElementChild;
    var still = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!first) return;
    var box = first.getBoundingClientRect();
    // Scrolls this page only, never the dashboard around the frame.
    if (box.top < 0 || box.bottom > window.innerHeight) window.scrollTo({ top: Math.max(0, window.scrollY + box.top - 16), behavior: still ? 'auto' : 'smooth' });
  }
  document.addEventListener('click', tell, true);
  document.addEventListener('focusin', tell, true);
  window.addEventListener('message', function (event) {
    if (event.origin !== admin || event.source !== host) return;
    var data = event.data;
    if (data && data.type === ${JSON.stringify(PreviewMessage.SELECTED)}) show(data.blockId);
  });
  post({ type: ${JSON.stringify(PreviewMessage.READY)} });
})`;

/** JSON safe inside a script element. */
const scriptJson = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The preview's selection script as an inline script with the response's CSP nonce, talking to `adminOrigin` only. */
export function previewSelectTag(nonce: string, adminOrigin: string): string {
  return `<script nonce="${nonce.replace(/[^A-Za-z0-9+/=_-]/g, '')}">${SCRIPT}(${scriptJson(adminOrigin)});</script>`;
}
