import type { TextTranslations } from './page-texts.js';
import { placeholderProblem } from './placeholders.js';
import { textKey } from './subjects.js';
import { SYSTEM_TEXT_FIELD, SYSTEM_TEXTS, type SystemText } from './system-texts.js';
import { SYSTEM_TEXTS_DE } from './system-texts-de.js';
import { SYSTEM_TEXTS_FR } from './system-texts-fr.js';

/** Built-in catalogues by base language (`fr` for `fr-CA` too). */
const BUILT_IN: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.freeze({
  de: SYSTEM_TEXTS_DE,
  fr: SYSTEM_TEXTS_FR,
});

/**
 * The islands (by their key in the context's `islands`) that show the texts of a place; the
 * texts of other places go to every island. Texts only the server writes (course pages) go to
 * none, so an island's props carry only what it can show.
 */
const ISLANDS_OF: Readonly<Partial<Record<SystemText['where'], readonly string[]>>> = Object.freeze({
  Checkout: ['checkout', 'donationForm'],
  'Order received': ['orderReceived'],
  'Donation page': ['donationForm'],
  'Course page': [],
  'Account pages': ['account'],
});

/** The system texts of one language as a page shows them. */
export interface SystemTextSet {
  /** Each text that differs from the English, by its English text: what the server's own pages show. */
  readonly byEnglish: Readonly<Record<string, string>>;
  /** The texts the island at `key` of the context's `islands` receives as `texts` (any other island: `forIsland()`). */
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
  const general: Record<string, string> = {};
  const scoped: { islands: readonly string[]; en: string; shown: string }[] = [];
  for (const text of SYSTEM_TEXTS) {
    const own = texts.get(textKey('system', text.id, SYSTEM_TEXT_FIELD));
    // A translation saved before its English changed placeholders is not shown broken.
    const usable = own !== undefined && (!text.en.includes('{') || placeholderProblem(text.en, own) === null) ? own : undefined;
    const shown = usable ?? builtInSystemText(language, text.id);
    if (shown === undefined || shown === text.en) continue;
    byEnglish[text.en] = shown;
    if (text.templateKey) localizedStrings[text.templateKey] = shown;
    const islands = ISLANDS_OF[text.where];
    if (islands) scoped.push({ islands, en: text.en, shown });
    else general[text.en] = shown;
  }
  const byIsland = new Map<string, Readonly<Record<string, string>>>();
  const forIsland = (key?: string) => {
    if (key === undefined) return general;
    let texts = byIsland.get(key);
    if (!texts) {
      const own = scoped.filter((s) => s.islands.includes(key));
      texts = own.length ? { ...general, ...Object.fromEntries(own.map((s) => [s.en, s.shown])) } : general;
      byIsland.set(key, texts);
    }
    return texts;
  };
  const set = Object.keys(byEnglish).length ? { byEnglish, localizedStrings, forIsland } : null;
  known.set(language, set);
  return set;
}
