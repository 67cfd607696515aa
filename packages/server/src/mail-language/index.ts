/**
 * The language of the mails visitors get (decision 0052): the visitor's stored language when
 * the site publishes it and a catalogue has its texts, else the site's primary language; one
 * catalogue of fixed texts per language, the owner's translated texts, and CLDR formats of
 * money, dates and plans in that language.
 */
export {
  chooseMailLanguage,
  fillHtml,
  fillText,
  mailDate,
  mailLanguageAsWritten,
  mailMoney,
  mailPlanText,
  mailTrialText,
  mailVariantOptions,
  readMailLanguage,
  type MailLanguage,
  type MailSite,
  type Markup,
} from './mail-language.js';
export type { MailTextKey, MailTexts, PluralText } from './texts.js';
export { EN_TEXTS } from './texts-en.js';
export { FR_TEXTS } from './texts-fr.js';
export { DE_TEXTS } from './texts-de.js';
