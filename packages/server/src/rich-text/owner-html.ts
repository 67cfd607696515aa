import sanitizeHtml from 'sanitize-html';

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const TABLE_TAGS = ['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];
const FORMATTING = ['p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'abbr', 'cite', 'q', 'time'];
const BLOCKS = ['blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'figure', 'figcaption', 'span', 'div'];

/**
 * Elements dropped together with everything inside them (sanitize-html keeps the text of other
 * refused elements): code, styles, embedded documents and form controls.
 */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'select',
  'option',
  'textarea',
  'title',
  'head',
  'xmp',
  'noembed',
  'noframes',
];

/**
 * The allowlist of owner-written rich text: ordinary formatting, links and images. No
 * element or attribute outside it survives (so no `on*` handler, `style`, `id` or `name`,
 * which could clobber the page's globals), and URLs keep to http(s), mailto and tel links and
 * http(s) images: no `javascript:`, `data:` or `vbscript:`.
 */
const OPTIONS: sanitizeHtml.IOptions = Object.freeze({
  allowedTags: [...FORMATTING, ...HEADINGS, ...BLOCKS, ...TABLE_TAGS, 'a', 'img'],
  allowedAttributes: {
    '*': ['class', 'title', 'lang', 'dir'],
    a: ['href', 'rel', { name: 'target', multiple: false, values: ['_blank', '_self'] }],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', { name: 'loading', multiple: false, values: ['lazy', 'eager'] }],
    ol: ['start', 'reversed'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
    time: ['datetime'],
    blockquote: ['cite'],
    q: ['cite'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: true,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: {
    // A link opening a new window cannot reach back into the page (reverse tabnabbing).
    a: (tagName: string, attribs: sanitizeHtml.Attributes) =>
      attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
  },
});

/** Characters of input and output the memo of recent answers holds at most (a few MB). */
const MEMO_CHARS = 2_000_000;
/** Longer texts are cleaned every time rather than held. */
const MEMO_TEXT_CHARS = 50_000;
const memo = new Map<string, string>();
let memoChars = 0;

function remember(html: string, clean: string): void {
  if (html.length > MEMO_TEXT_CHARS) return;
  memo.set(html, clean);
  memoChars += html.length + clean.length;
  for (const [oldest, answer] of memo) {
    if (memoChars <= MEMO_CHARS) break;
    memo.delete(oldest);
    memoChars -= oldest.length + answer.length;
  }
}

/**
 * Owner-written HTML (product descriptions and excerpts, post and page bodies, collection
 * descriptions, HTML blocks, form messages) reduced to the allowlist above. Run on every save
 * and on every render; cleaning clean HTML gives it back unchanged. Text without a `<` has no
 * markup to remove and is returned as it is. Recent answers are remembered (a typical
 * description costs about 0.1 ms to clean, decision 0033), so rendering the same text again is
 * a map lookup.
 */
export function cleanOwnerHtml(html: string): string {
  if (!html.includes('<')) return html;
  const known = memo.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeHtml(html, OPTIONS);
  remember(html, clean);
  return clean;
}
