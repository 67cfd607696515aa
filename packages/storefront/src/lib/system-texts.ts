import { createContext, createElement, useContext, type ReactElement } from 'react';

/** The page's system texts in its language, by the English text the storefront writes (issue 29); empty in English. */
export type SystemTexts = Readonly<Record<string, string>>;

const SystemTextsContext = createContext<SystemTexts>({});

const PLACEHOLDER = /\{(\w+)\}/g;

/** A system text with placeholders (`Please select the {option} option.`): how to read its values out of the English as shown, and its translation. */
interface TemplateMatcher {
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly translation: string;
}

const matchers = new WeakMap<SystemTexts, readonly TemplateMatcher[]>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The texts of `texts` that hold placeholders, as patterns matching the English with its values
 * filled in. A value is any text but, so that the one-, two- and many-option messages stay
 * apart, one holding ", " is only taken by a placeholder whose name ends in `List`
 * (`{optionsList}`).
 */
function matchersOf(texts: SystemTexts): readonly TemplateMatcher[] {
  let known = matchers.get(texts);
  if (known) return known;
  const list: TemplateMatcher[] = [];
  for (const [english, translation] of Object.entries(texts)) {
    if (!english.includes('{')) continue;
    const names: string[] = [];
    let source = '';
    let last = 0;
    for (const match of english.matchAll(PLACEHOLDER)) {
      const name = match[1]!;
      names.push(name);
      source += `${escapeRegExp(english.slice(last, match.index))}${name.endsWith('List') ? '(.+?)' : '((?:(?!, ).)+?)'}`;
      last = match.index + match[0].length;
    }
    if (names.length === 0) continue;
    list.push({ pattern: new RegExp(`^${source}${escapeRegExp(english.slice(last))}$`, 's'), names, translation });
  }
  matchers.set(texts, list);
  return list;
}

/** `template` with each `{name}` replaced by its value (placeholders without a value are kept). */
export function fillPlaceholders(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/**
 * `message` in the page's language. A text the storefront writes as it is (`Add To Cart`) is
 * looked up by its English; a message built with values (`Please select the Size option.`,
 * the minimum subtotal with the amount already formatted in the page's language) is matched
 * against the English of the texts with placeholders and its values put into the translation.
 * Any other text stays as it is.
 */
export function textIn(texts: SystemTexts, message: string): string {
  if (Object.hasOwn(texts, message) && texts[message]) return texts[message]!;
  for (const matcher of matchersOf(texts)) {
    const found = matcher.pattern.exec(message);
    if (!found) continue;
    const values = Object.fromEntries(matcher.names.map((name, i) => [name, found[i + 1]!]));
    return fillPlaceholders(matcher.translation, values);
  }
  return message;
}

/**
 * A function giving a text in the page's language: `t(english)` (see {@link textIn}), or
 * `t(template, values)` for a text with placeholders the storefront fills itself.
 */
export function useText(): (english: string, values?: Readonly<Record<string, string | number>>) => string {
  const texts = useContext(SystemTextsContext);
  return (english, values) => {
    if (!values) return textIn(texts, english);
    const template = Object.hasOwn(texts, english) && texts[english] ? texts[english]! : english;
    return fillPlaceholders(template, values);
  };
}

/** An island's element, given the page's system texts (`props.texts`) when it has some; the element itself otherwise. */
export function withSystemTexts(element: ReactElement, props: Record<string, unknown> | null | undefined): ReactElement {
  const texts = props?.texts;
  if (!texts || typeof texts !== 'object' || Array.isArray(texts)) return element;
  return createElement(SystemTextsContext.Provider, { value: texts as SystemTexts }, element);
}
