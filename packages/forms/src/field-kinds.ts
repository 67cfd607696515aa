/** Every form field kind: the public ones plus the editor-only ones. */
export const FIELD_KINDS = [
  'address',
  'checkbox',
  'date',
  'hidden',
  'likert',
  'name',
  'phone',
  'radio',
  'select',
  'time',
  'text',
  'textarea',
  'email',
  'number',
  'website',
  'currency',
  'password',
  'twitter',
  'section',
] as const;

/** A form field kind. */
export type FieldKind = (typeof FIELD_KINDS)[number];

/** A setting the form editor lets owners change on a field. */
export type FieldSetting =
  | 'description'
  | 'placeholder'
  | 'required'
  | 'currencySymbol'
  | 'showCountryCode'
  | 'underline'
  | 'options'
  | 'key'
  | 'value'
  | 'maxLength';

const TEXTUAL: ReadonlyArray<FieldSetting> = ['description', 'placeholder', 'required'];
const PLAIN: ReadonlyArray<FieldSetting> = ['description', 'required'];
const CHOICE: ReadonlyArray<FieldSetting> = ['description', 'options', 'required'];

/** Editable settings per field kind (spec section 3). */
export const FIELD_SETTINGS: Readonly<Record<FieldKind, ReadonlyArray<FieldSetting>>> = Object.freeze({
  text: TEXTUAL,
  textarea: TEXTUAL,
  email: TEXTUAL,
  number: TEXTUAL,
  website: TEXTUAL,
  currency: ['description', 'currencySymbol', 'required'],
  password: PLAIN,
  twitter: PLAIN,
  date: PLAIN,
  time: PLAIN,
  name: PLAIN,
  address: PLAIN,
  phone: ['description', 'required', 'showCountryCode'],
  section: ['description', 'underline'],
  radio: CHOICE,
  checkbox: CHOICE,
  select: CHOICE,
  likert: CHOICE,
  hidden: ['key', 'value'],
});

/** Settings of a field kind; `maxLength` is added to textarea when the feature flag is on. */
export function fieldSettings(kind: FieldKind, options: { textareaMaxLength?: boolean } = {}): ReadonlyArray<FieldSetting> {
  const base = FIELD_SETTINGS[kind];
  if (!base) throw new RangeError(`Unknown field kind: ${JSON.stringify(kind)}`);
  return kind === 'textarea' && options.textareaMaxLength ? [...base, 'maxLength'] : base;
}

/** True when `kind` is a known field kind. */
export function isFieldKind(kind: unknown): kind is FieldKind {
  return typeof kind === 'string' && (FIELD_KINDS as ReadonlyArray<string>).includes(kind);
}

/** A part of a multi-part field (name, address, date, time, phone). */
export interface FieldPart {
  readonly key: string;
  readonly label: string;
  readonly optional?: boolean;
}

/** Parts of the multi-part kinds, in payload order. */
export const FIELD_PARTS: Readonly<Partial<Record<FieldKind, ReadonlyArray<FieldPart>>>> = Object.freeze({
  name: [
    { key: 'fname', label: 'First Name' },
    { key: 'lname', label: 'Last Name' },
  ],
  address: [
    { key: 'address1', label: 'Address 1' },
    { key: 'address2', label: 'Address 2', optional: true },
    { key: 'city', label: 'City' },
    { key: 'state', label: 'State' },
    { key: 'zip', label: 'Zip Code' },
    { key: 'country', label: 'Country' },
  ],
  date: [
    { key: 'month', label: 'MM' },
    { key: 'day', label: 'DD' },
    { key: 'year', label: 'YYYY' },
  ],
  time: [
    { key: 'hour', label: 'Hour' },
    { key: 'minute', label: 'Minute' },
    { key: 'second', label: 'Second', optional: true },
    { key: 'ampm', label: 'AM/PM' },
  ],
  phone: [
    { key: 'country', label: 'Country', optional: true },
    { key: 'areaCode', label: '###' },
    { key: 'prefix', label: '###' },
    { key: 'line', label: '####' },
  ],
});

/** The parts a field shows: phone drops its country part unless showCountryCode is set. */
export function partsOf(kind: FieldKind, showCountryCode = false): ReadonlyArray<FieldPart> {
  const parts = FIELD_PARTS[kind] ?? [];
  return kind === 'phone' && !showCountryCode ? parts.slice(1) : parts;
}

/** Kinds whose value is a list of parts. */
export function isMultiPart(kind: FieldKind): boolean {
  return FIELD_PARTS[kind] !== undefined;
}
