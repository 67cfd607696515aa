import type { FieldKind } from './field-kinds.js';

/** A field of a form as configured by the owner. */
export interface FormField {
  readonly id: string;
  readonly type: FieldKind;
  readonly title?: string;
  readonly description?: string;
  readonly placeholder?: string;
  readonly required?: boolean;
  /** Choices for radio, checkbox and select; the questions (statements) of a likert field. */
  readonly options?: ReadonlyArray<string>;
  /** The options as visitors read them in the page's language (translations), by position; the options stay the values sent. */
  readonly optionLabels?: ReadonlyArray<string>;
  readonly maxLength?: number;
  readonly showCountryCode?: boolean;
  readonly currencySymbol?: string;
  readonly underline?: boolean;
  /** Hidden fields: the query-string name they read. */
  readonly key?: string;
  /** Hidden fields: the value used when the query string lacks `key`. */
  readonly value?: string;
}

/** A form (spec section 3). */
export interface Form {
  readonly id: string;
  readonly name: string;
  readonly fields: ReadonlyArray<FormField>;
  readonly submitLabel?: string;
  readonly parsedSubmissionMessage?: string;
  readonly submissionHTML?: string;
  readonly successRedirect?: string;
  readonly parsedDisclaimerMessage?: string;
  readonly captchaEnabled?: boolean;
  readonly captchaTheme?: number;
  readonly captchaAlignment?: number;
}

/**
 * The value a visitor entered: text for single-value, radio and select fields; a list of checked
 * options for checkbox; the parts in order for name, address, date, time and phone; question to
 * answer for likert.
 */
export type FieldValue = string | ReadonlyArray<string> | Readonly<Record<string, string>>;

/** Values by field id. */
export type FormValues = Readonly<Record<string, FieldValue | undefined>>;

/** Defaults from spec section 3. */
export const FORM_DEFAULTS = Object.freeze({ submitLabel: 'Add to Cart', name: 'My Form Name' });
