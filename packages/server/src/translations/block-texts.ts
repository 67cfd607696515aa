import type { PageText } from './page-system-text.js';

/** The system block templates' texts by their key under `render.blockTexts`, in English. */
const BLOCK_TEXTS = Object.freeze({
  watchVideoTitled: 'Watch “{title}” on {host}',
  watchVideo: 'Watch the video on {host}',
  videoNote: 'The video plays on {host}: nothing loads from there until you follow the link.',
  embedTitled: '{title} on {host}',
  embed: 'View the content on {host}',
  embedNote: 'Shown on {host}: nothing loads from there until you follow the link.',
  audioDownload: 'Download {title}',
  donate: 'Donate',
  amount: 'Amount',
  donationOtherAmount: 'Or give another amount ({min} to {max}) on the next page.',
  giveMonthly: 'Give monthly',
});

/** What the block templates print, by key: each a message pattern of the `message` formatter. */
export type BlockTexts = Readonly<Record<keyof typeof BLOCK_TEXTS, string>>;

/**
 * `text` as a pattern of the template's `message` formatter: its `{name}` placeholders stay
 * arguments, and everything else is literal (an apostrophe doubled, other braces quoted), so
 * that an owner's translation with `'` or a stray brace prints as written.
 */
export function messagePatternOf(text: string): string {
  return text
    .split(/(\{\w+\})/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/'/g, "''").replace(/[{}]+/g, (braces) => `'${braces}'`)))
    .join('');
}

const known = new WeakMap<PageText, BlockTexts>();

/**
 * The texts the system block templates print (the video and embed blocks' privacy placeholders,
 * the audio block's download link, the donation block's), in the language of the page whose
 * system texts `t` gives, as `message` patterns: a template fills in the block's own values
 * (`{render.blockTexts.watchVideo|message host=host|html}`). Every page gets them under
 * `render.blockTexts`, since blocks show on pages of every kind.
 */
export function blockTextsOf(t: PageText): BlockTexts {
  let texts = known.get(t);
  if (!texts) {
    texts = Object.freeze(
      Object.fromEntries(Object.entries(BLOCK_TEXTS).map(([key, english]) => [key, messagePatternOf(t(english))])) as Record<keyof typeof BLOCK_TEXTS, string>,
    );
    known.set(t, texts);
  }
  return texts;
}
