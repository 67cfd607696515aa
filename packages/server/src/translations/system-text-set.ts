import { ISLAND_NAMES, type IslandName, islandTextSet } from '@emporium/storefront';
import type { TextTranslations } from './page-texts.js';
import { placeholderProblem } from './placeholders.js';
import { textKey } from './subjects.js';
import { SYSTEM_TEXT_FIELD, SYSTEM_TEXTS } from './system-texts.js';
import { SYSTEM_TEXTS_DE } from './system-texts-de.js';
import { SYSTEM_TEXTS_FR } from './system-texts-fr.js';

/** Built-in catalogues by base language (`fr` for `fr-CA` too). */
const BUILT_IN: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.freeze({
  de: SYSTEM_TEXTS_DE,
  fr: SYSTEM_TEXTS_FR,
});

/**
 * The islands the theme renders from each key of the context's `render.islands` (the page
 * templates' `{render.islands.productForm|island ProductForm}`).
 */
const ISLANDS_AT: Readonly<Record<string, readonly IslandName[]>> = Object.freeze({
  cartPill: ['CartPill'],
  cartPage: ['CartPage'],
  checkout: ['Checkout'],
  popupOverlay: ['PopupOverlay'],
  productForm: ['ProductForm'],
  restock: ['RestockSignup'],
  instalments: ['InstallmentPill'],
  reviews: ['Reviews'],
  share: ['ShareButtons'],
  comments: ['Comments'],
  like: ['LikeButton'],
  lightbox: ['Lightbox'],
  gallery: ['Gallery'],
  orderReceived: ['OrderReceived'],
  donationForm: ['DonationForm'],
});

/** The islands the theme renders from the `islandProps` of a block or a product card: form blocks, galleries and quick views. */
const BLOCK_ISLANDS: readonly IslandName[] = ['FormBlock', 'Gallery', 'ProductQuickView'];

/** The English texts the islands at `key` can show; every island's for a key not known here, so a new island still shows its texts (the renderer keeps only its own). */
function textsAt(key: string | undefined): ReadonlySet<string> {
  let texts = textsByKey.get(key);
  if (!texts) {
    const islands = key === undefined ? BLOCK_ISLANDS : Object.hasOwn(ISLANDS_AT, key) ? ISLANDS_AT[key]! : ISLAND_NAMES;
    texts = new Set(islands.flatMap((name) => [...islandTextSet(name)]));
    textsByKey.set(key, texts);
  }
  return texts;
}

const textsByKey = new Map<string | undefined, ReadonlySet<string>>();

/** The system texts of one language as a page shows them. */
export interface SystemTextSet {
  /** Each text that differs from the English, by its English text: what the server's own pages show. */
  readonly byEnglish: Readonly<Record<string, string>>;
  /**
   * The texts the islands at `key` of the context's `render.islands` receive as `texts`, those
   * of a block's or a product card's `islandProps` without a key: only what they can show
   * (each island's list in the storefront, `ISLAND_TEXTS`).
   */
  forIsland(key?: string): Readonly<Record<string, string>>;
  /** The theme's `localizedStrings` (add-to-cart, sold-out, sale, quantity texts). */
  readonly localizedStrings: Readonly<Record<string, string>>;
}

/** The built-in text of system text `id` in `language`, if the language has a catalogue. */
export function builtInSystemText(language: string, id: string): string | undefined {
  const catalogue = BUILT_IN[language.toLowerCase().split('-')[0] ?? ''];
  return catalogue && Object.hasOwn(catalogue, id) ? catalogue[id] : undefined;
}

const cache = new WeakMap<TextTranslations, Map<string, SystemTextSet | null>>();

/**
 * The system texts of a page in `language` (not the primary one): the owner's translation of
 * each, else the language's built-in text, else none (the storefront's English stays). Null
 * when nothing differs from the English. Computed once per translations map and language.
 */
export function systemTextsIn(language: string, texts: TextTranslations): SystemTextSet | null {
  let known = cache.get(texts);
  if (!known) {
    known = new Map();
    cache.set(texts, known);
  }
  const cached = known.get(language);
  if (cached !== undefined) return cached;
  const byEnglish: Record<string, string> = {};
  const localizedStrings: Record<string, string> = {};
  for (const text of SYSTEM_TEXTS) {
    const own = texts.get(textKey('system', text.id, SYSTEM_TEXT_FIELD));
    // A translation saved before its English changed placeholders is not shown broken.
    const usable = own !== undefined && (!text.en.includes('{') || placeholderProblem(text.en, own) === null) ? own : undefined;
    const shown = usable ?? builtInSystemText(language, text.id);
    if (shown === undefined || shown === text.en) continue;
    byEnglish[text.en] = shown;
    if (text.templateKey) localizedStrings[text.templateKey] = shown;
  }
  // One object per key, shared by the islands of a page (the renderer's cache holds on to it).
  const byKey = new Map<string | undefined, Readonly<Record<string, string>>>();
  const forIsland = (key?: string) => {
    let texts = byKey.get(key);
    if (!texts) {
      const shows = textsAt(key);
      texts = Object.freeze(Object.fromEntries(Object.entries(byEnglish).filter(([en]) => shows.has(en))));
      byKey.set(key, texts);
    }
    return texts;
  };
  const set = Object.keys(byEnglish).length ? { byEnglish, localizedStrings, forIsland } : null;
  known.set(language, set);
  return set;
}
