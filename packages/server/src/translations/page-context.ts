import { pathInLanguage, publishedLanguages, type SiteLanguages } from '../multilingual/index.js';
import { translatedDonationTexts } from './donation-texts.js';
import { formIdsOf, translatedFields, translatedForm } from './form-texts.js';
import type { TextTranslations } from './page-texts.js';
import type { PathLocalizer } from './slugs.js';
import { optionNameField, optionValueField, textKey } from './subjects.js';
import { type SystemTextSet, systemTextsIn } from './system-text-set.js';

/** Fields of context objects that hold a path of the site. */
const URL_FIELDS = ['fullUrl', 'linkUrl', 'buttonUrl'] as const;
/** Item fields whose translation replaces them wherever the item shows (its page, listings, summaries, related products). */
const ITEM_FIELDS = ['title', 'excerpt', 'body'] as const;
const MAX_DEPTH = 40;

/** What localizing a page's context needs: the language's prefix, its texts and the site's path localizer. */
export interface ContextLocalization {
  readonly prefix: string;
  readonly texts: TextTranslations;
  readonly localizer: PathLocalizer;
  /** The page's language when it is not the site's primary one: its system texts apply (owner translations, else the built-in catalogue). */
  readonly language?: string;
}

/** A site path (not `//host`, not absolute) in the language of `prefix`, with translated slugs; a path already under the prefix is localized from the path under it. */
function localizedPath(path: string, to: ContextLocalization): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const [pathname = '', ...rest] = path.split(/(?=[?#])/);
  const own = pathname === to.prefix || pathname.startsWith(`${to.prefix}/`) ? pathname.slice(to.prefix.length) || '/' : pathname;
  return to.localizer.pathIn(to.prefix, own) + rest.join('');
}

/** The ids of products that have translated option values, per texts map. */
const productsWithValues = new WeakMap<TextTranslations, ReadonlySet<string>>();

function productIdsOf(texts: TextTranslations): ReadonlySet<string> {
  let ids = productsWithValues.get(texts);
  if (!ids) {
    ids = new Set([...texts.keys()].filter((k) => k.startsWith('product-option\u0000')).map((k) => k.split('\u0000')[1]!));
    productsWithValues.set(texts, ids);
  }
  return ids;
}

/** `attributes` (option name → value) with the product's translated values, the names kept: the product form matches variants by them. */
function translatedAttributes(attributes: Record<string, unknown>, product: string, texts: TextTranslations): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(attributes)) {
    const text = typeof value === 'string' ? texts.get(textKey('product-option', product, optionValueField(name, value))) : undefined;
    if (text === undefined) continue;
    out ??= { ...attributes };
    out[name] = text;
  }
  return out ?? attributes;
}

/** The translated names of a product's options (`ordering`), by their name; undefined when none is translated. */
function optionNamesIn(ordering: readonly unknown[], product: string, texts: TextTranslations): Record<string, string> | undefined {
  let names: Record<string, string> | undefined;
  for (const option of ordering) {
    const text = typeof option === 'string' ? texts.get(textKey('product-option', product, optionNameField(option))) : undefined;
    if (text !== undefined) (names ??= {})[option as string] = text;
  }
  return names;
}

/** One localization walk: what every node needs, computed once. */
interface Walk {
  readonly to: ContextLocalization;
  /** Products with translated option values; undefined without texts. */
  readonly products: ReadonlySet<string> | undefined;
  readonly hasTexts: boolean;
  /** Forms with translations; undefined without texts. */
  readonly forms: ReadonlySet<string> | undefined;
  /** The system texts islands receive (`texts`); undefined when none differ from the English. */
  readonly islandTexts: SystemTextSet['forIsland'] | undefined;
}

/** Island props with the page's system texts (`texts`, by English text), which the storefront's islands show. */
function withIslandTexts(props: unknown, texts: SystemTextSet['byEnglish']): unknown {
  if (!props || typeof props !== 'object' || Array.isArray(props) || Object.keys(texts).length === 0) return props;
  return { ...props, texts };
}

function localizeNode(node: unknown, walk: Walk, depth: number, inProduct: string | undefined): unknown {
  if (depth > MAX_DEPTH || !node || typeof node !== 'object') return node;
  if (Array.isArray(node)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < node.length; i += 1) {
      const child: unknown = node[i];
      const next = localizeNode(child, walk, depth + 1, inProduct);
      if (next === child) continue;
      out ??= node.slice();
      out[i] = next;
    }
    return out ?? node;
  }
  const record = node as Record<string, unknown>;
  const { to, products } = walk;
  let product = inProduct;
  if (products) {
    if (typeof record.itemId === 'string' && products.has(record.itemId)) product = record.itemId;
    else if (typeof record.id === 'string' && products.has(record.id)) product = record.id;
  }
  let out: Record<string, unknown> | undefined;
  for (const key in record) {
    const value = record[key];
    if (!value || typeof value !== 'object') continue;
    let next =
      key === 'attributes' && product && !Array.isArray(value)
        ? translatedAttributes(value as Record<string, unknown>, product, to.texts)
        : localizeNode(value, walk, depth + 1, product);
    if (walk.islandTexts && key === 'islandProps') next = withIslandTexts(next, walk.islandTexts());
    else if (walk.islandTexts && key === 'islands' && !Array.isArray(next)) {
      const texts = walk.islandTexts;
      next = Object.fromEntries(Object.entries(next as Record<string, unknown>).map(([name, props]) => [name, withIslandTexts(props, texts(name))]));
    }
    if (next === value) continue;
    out ??= { ...record };
    out[key] = next;
  }
  const set = (key: string, value: unknown) => {
    out ??= { ...record };
    out[key] = value;
  };
  const id = record.id;
  if (walk.hasTexts && typeof id === 'string') {
    for (const field of ITEM_FIELDS) {
      const text = to.texts.get(textKey('item', id, field));
      if (text !== undefined && typeof record[field] === 'string') set(field, text);
    }
  }
  // A donation block's copy of the owner's donation texts.
  const donation = (out ?? record).donation;
  if (walk.hasTexts && record.typeName === 'donation' && donation && typeof donation === 'object' && !Array.isArray(donation)) {
    const translated = translatedDonationTexts(donation as Record<string, string>, to.texts);
    if (translated !== donation) set('donation', translated);
  }
  if (product && Array.isArray(record.optionValues)) {
    const values = (out ?? record).optionValues as { optionName?: unknown; value?: unknown }[];
    const translated = values.map((v) => {
      if (typeof v?.optionName !== 'string') return v;
      const name = to.texts.get(textKey('product-option', product, optionNameField(v.optionName)));
      const text = typeof v.value === 'string' ? to.texts.get(textKey('product-option', product, optionValueField(v.optionName, v.value))) : undefined;
      return text === undefined && name === undefined
        ? v
        : { ...v, ...(name === undefined ? {} : { optionName: name }), ...(text === undefined ? {} : { value: text }) };
    });
    if (translated.some((v, i) => v !== values[i])) set('optionValues', translated);
  }
  // The product form's props: the options' names as shown, beside the names its variants are matched by.
  const ordering = (record.product as { variantOptionOrdering?: unknown } | undefined)?.variantOptionOrdering;
  if (product && typeof record.itemId === 'string' && Array.isArray(ordering)) {
    const names = optionNamesIn(ordering, product, to.texts);
    if (names) set('optionNames', names);
  }
  if (to.prefix) {
    for (const field of URL_FIELDS) {
      const value = record[field];
      if (typeof value !== 'string') continue;
      const next = localizedPath(value, to);
      if (next !== value) set(field, next);
    }
  }
  if (walk.forms?.has(id as string) && Array.isArray(record.fields) && typeof record.submitLabel === 'string') {
    const form = translatedForm(out ?? record, to.texts);
    if (form !== (out ?? record)) out = form;
  }
  // The product form's props: the additional-fields form's fields, named by the product.
  const extra = (record.product as { additionalFieldsFormId?: unknown } | undefined)?.additionalFieldsFormId;
  if (typeof extra === 'string' && walk.forms?.has(extra) && Array.isArray(record.additionalFields)) {
    const fields = translatedFields(record.additionalFields, extra, to.texts);
    if (fields !== record.additionalFields) set('additionalFields', fields);
  }
  return out ?? record;
}

/**
 * A page's context in its language: every item shown (the page's own, listings, summaries,
 * related products) with its translated title, excerpt and body, its variants' option names and
 * values translated (`optionValues`, cart lines too; the product form's props get the values in
 * `attributes` and the names beside them in `optionNames`, its variants still matched by the
 * names), forms with their translated
 * labels and messages, donation blocks with the owner's translated donation title and text,
 * islands with the language's system texts (`texts`) and the theme's
 * `localizedStrings`, and every site path (`fullUrl`, `linkUrl`, `buttonUrl`) under the language's prefix
 * with translated slugs (language switcher blocks read the page's `website.languages`). What
 * has no translation stays as it is, in the primary language. The context is not changed:
 * changed parts are copies.
 */
export function localizedContext<T extends Record<string, unknown>>(context: T, to: ContextLocalization): T {
  const system = to.language ? systemTextsIn(to.language, to.texts) : null;
  if (!to.prefix && to.texts.size === 0 && !system) return context;
  const hasTexts = to.texts.size > 0;
  const walk: Walk = {
    to,
    products: hasTexts ? productIdsOf(to.texts) : undefined,
    hasTexts,
    forms: hasTexts ? formIdsOf(to.texts) : undefined,
    islandTexts: system?.forIsland,
  };
  const localized = localizeNode(context, walk, 0, undefined) as T;
  if (!system || Object.keys(system.localizedStrings).length === 0) return localized;
  const own = localized.localizedStrings;
  return { ...localized, localizedStrings: { ...(own && typeof own === 'object' ? own : {}), ...system.localizedStrings } };
}

/** One entry of the language switcher: a published language and the page's address in it. */
export interface LanguageLink {
  readonly code: string;
  readonly name: string;
  readonly nativeName: string;
  /** The same page in this language (its translated slugs, the query string kept), or the language's home page when the page does not exist. */
  readonly url: string;
  readonly current: boolean;
}

/**
 * The language switcher's links of a page at `path` (primary-language path without prefix) in
 * the language of `currentPrefix`: one per published language, to the same page in it, keeping
 * the query (`format` left out). A page that does not exist (not found, error) links to each
 * language's home page, its nearest page that exists. Empty for a site of one language.
 */
export function languageLinks(
  languages: SiteLanguages,
  localizer: PathLocalizer,
  page: { path: string; query: Readonly<Record<string, string | undefined>>; exists: boolean; currentPrefix: string },
): LanguageLink[] {
  const published = publishedLanguages(languages);
  if (published.length < 2) return [];
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(page.query)) if (value !== undefined && name !== 'format') params.append(name, value);
  const search = page.exists && params.size > 0 ? `?${params.toString()}` : '';
  return published.map((language) => ({
    code: language.code,
    name: language.name,
    nativeName: language.nativeName,
    url: (page.exists ? localizer.pathIn(language.prefix, page.path) : pathInLanguage(language.prefix, '/')) + search,
    current: language.prefix === page.currentPrefix,
  }));
}
