import { z } from 'zod';
import { oneOf, text } from './fields.js';

/**
 * Language switcher (no spec block-type number: ours, 1001): links to the page being viewed in
 * each published language of the site, or its nearest page that exists there (decision 0049).
 * The links are the page's own (`website.languages`); the block stores only how it shows them.
 */
export const LanguageSwitcherBlock = z.strictObject({
  typeName: z.literal('language-switcher'),
  label: text(100).optional().describe('What screen readers call the links (default: Language)'),
  display: oneOf(['names', 'codes']).default('names').describe('Each language by its own name (Français) or by its code (FR)'),
});

/** The number this kind goes by where the spec's block-type numbers are used. */
export const LANGUAGE_SWITCHER_BLOCK_TYPE = 1001;
