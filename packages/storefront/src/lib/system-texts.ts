import { createContext, createElement, useContext, type ReactElement } from 'react';

/** The page's system texts in its language, by the English text the storefront writes (issue 29); empty in English. */
export type SystemTexts = Readonly<Record<string, string>>;

const SystemTextsContext = createContext<SystemTexts>({});

/** `english` in the page's language: its translation from the island's `texts` prop, else `english`. */
export function useText(): (english: string) => string {
  const texts = useContext(SystemTextsContext);
  return (english) => (Object.hasOwn(texts, english) && texts[english]) || english;
}

/** An island's element, given the page's system texts (`props.texts`) when it has some; the element itself otherwise. */
export function withSystemTexts(element: ReactElement, props: Record<string, unknown> | null | undefined): ReactElement {
  const texts = props?.texts;
  if (!texts || typeof texts !== 'object' || Array.isArray(texts)) return element;
  return createElement(SystemTextsContext.Provider, { value: texts as SystemTexts }, element);
}
