import { NUMBER_WITH_UNIT, type Tweak } from './tweaks.js';

/** The dashboard's messages for a refused value, one per kind of setting. */
export const TWEAK_MESSAGES = Object.freeze({
  unknown: 'Unknown style setting.',
  color: 'Enter a colour such as #24513d.',
  checkbox: 'Choose on or off.',
  fontList: 'Enter font names separated by commas, such as Georgia, serif.',
  choose: (options: readonly string[]) => `Choose one of: ${options.join(', ')}.`,
  number: ({ min, max, step }: Pick<Tweak, 'min' | 'max' | 'step'>) => {
    const kind = step === 1 ? 'a whole number' : 'a number';
    const steps = step !== undefined && step !== 1 ? ` in steps of ${step}` : '';
    if (min !== undefined && max !== undefined) return `Enter ${kind} from ${min} to ${max}${steps}.`;
    if (min !== undefined) return `Enter ${kind} of at least ${min}${steps}.`;
    if (max !== undefined) return `Enter ${kind} of at most ${max}${steps}.`;
    return `Enter ${kind}${steps}.`;
  },
});

const NAMED_COLORS: ReadonlySet<string> = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue ' +
    'chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey ' +
    'darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray ' +
    'darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen ' +
    'fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender ' +
    'lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey ' +
    'lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen ' +
    'magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen ' +
    'mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange ' +
    'orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple ' +
    'rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray ' +
    'slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen transparent'
  ).split(' '),
);
const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/;
const CHANNEL = String.raw`[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:%|deg)?`;
const COLOR_FUNCTION = new RegExp(
  String.raw`^(?:rgba?|hsla?)\(\s*(?:${CHANNEL}\s*,\s*${CHANNEL}\s*,\s*${CHANNEL}(?:\s*,\s*${CHANNEL})?|${CHANNEL}\s+${CHANNEL}\s+${CHANNEL}(?:\s*\/\s*${CHANNEL})?)\s*\)$`,
);
const FONT_FAMILY = /^(?:[A-Za-z_-][A-Za-z0-9 _-]*|"[A-Za-z0-9 _-]+"|'[A-Za-z0-9 _-]+')$/;
/** What could end a LESS declaration, open a block or comment, escape, interpolate or fetch, whatever the type allowed. */
const UNSAFE_IN_LESS = /[;{}\\@~`<>\n\r]|url\(|\/\*|\*\/|\/\/|expression|javascript:/i;
/** Numbers beyond this print in exponent notation, which LESS does not read. */
const NUMBER_LIMIT = 1_000_000;

export type TweakValueCheck = { ok: true; value: string } | { ok: false; message: string };

function refusal(tweak: Tweak): string {
  switch (tweak.type) {
    case 'color':
      return TWEAK_MESSAGES.color;
    case 'value':
      return TWEAK_MESSAGES.number(tweak);
    case 'checkbox':
      return TWEAK_MESSAGES.checkbox;
    case 'dropdown':
      return TWEAK_MESSAGES.choose(tweak.options);
    case 'font':
      return tweak.options.length > 0 ? TWEAK_MESSAGES.choose(tweak.options) : TWEAK_MESSAGES.fontList;
  }
}

function oneOf(options: readonly string[], raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const wanted = raw.trim();
  return options.find((o) => o === wanted) ?? options.find((o) => o.toLowerCase() === wanted.toLowerCase());
}

function formatNumber(n: number): string {
  return String(Number(n.toFixed(6)));
}

function numberValue(tweak: Tweak, raw: unknown): string | undefined {
  let n: number;
  if (typeof raw === 'number') n = raw;
  else if (typeof raw === 'string') {
    const m = NUMBER_WITH_UNIT.exec(raw.trim());
    if (!m || (m[2] !== '' && m[2]?.toLowerCase() !== tweak.unit?.toLowerCase())) return undefined;
    n = Number(m[1]);
  } else return undefined;
  if (!Number.isFinite(n) || Math.abs(n) > NUMBER_LIMIT) return undefined;
  if ((tweak.min !== undefined && n < tweak.min) || (tweak.max !== undefined && n > tweak.max)) return undefined;
  if (tweak.step !== undefined) {
    const steps = (n - (tweak.min ?? 0)) / tweak.step;
    if (Math.abs(steps - Math.round(steps)) > 1e-9) return undefined;
  }
  return `${formatNumber(n)}${tweak.unit ?? ''}`;
}

function valueOfType(tweak: Tweak, raw: unknown): string | undefined {
  switch (tweak.type) {
    case 'color': {
      if (typeof raw !== 'string' || raw.length > 64) return undefined;
      const color = raw.trim().toLowerCase();
      return HEX_COLOR.test(color) || COLOR_FUNCTION.test(color) || NAMED_COLORS.has(color) ? color : undefined;
    }
    case 'value':
      return numberValue(tweak, raw);
    case 'checkbox':
      if (raw === true || raw === false) return String(raw);
      if (typeof raw !== 'string') return undefined;
      return ['true', 'false'].find((v) => v === raw.trim().toLowerCase());
    case 'dropdown':
      return oneOf(tweak.options, raw);
    case 'font': {
      if (tweak.options.length > 0) return oneOf(tweak.options, raw);
      if (typeof raw !== 'string' || raw.length > 200) return undefined;
      const families = raw.split(',').map((f) => f.trim());
      return families.every((f) => FONT_FAMILY.test(f)) ? families.join(', ') : undefined;
    }
  }
}

/**
 * An owner's value for a tweak, normalised (`16` -> `16px`, `#FFF` -> `#fff`), or the message saying what
 * the setting takes. A value accepted here is safe to splice into LESS as a variable's value.
 */
export function checkTweakValue(tweak: Tweak, raw: unknown): TweakValueCheck {
  const value = valueOfType(tweak, raw);
  if (value === undefined || UNSAFE_IN_LESS.test(value)) return { ok: false, message: refusal(tweak) };
  return { ok: true, value };
}

/**
 * The value of every tweak for a site: its stored value when still valid for the tweak, else the tweak's
 * default (the refused values are listed in `problems`). Stored keys no tweak declares are ignored: they
 * are what a site keeps from an earlier version of its theme.
 */
export function resolveTweakValues(
  tweaks: readonly Tweak[],
  stored: Readonly<Record<string, unknown>>,
): { values: Record<string, string>; problems: { title: string; message: string }[] } {
  const values: Record<string, string> = Object.create(null);
  const problems: { title: string; message: string }[] = [];
  for (const tweak of tweaks) {
    let value = tweak.default;
    if (Object.hasOwn(stored, tweak.title)) {
      const checked = checkTweakValue(tweak, stored[tweak.title]);
      if (checked.ok) value = checked.value;
      else problems.push({ title: tweak.title, message: checked.message });
    }
    if (value !== undefined) values[tweak.title] = value;
  }
  return { values, problems };
}

/**
 * Values an owner submits from the Design panel, checked: every key must name a tweak and hold a value it
 * takes. `values` holds the submitted keys only, normalised; `errors` the message for each refused key.
 */
export function validateTweakValues(
  tweaks: readonly Tweak[],
  input: Record<string, unknown>,
): { ok: true; values: Record<string, string> } | { ok: false; errors: Record<string, string> } {
  const byTitle = new Map(tweaks.map((t) => [t.title, t]));
  const values: Record<string, string> = Object.create(null);
  const errors: Record<string, string> = Object.create(null);
  let failed = false;
  for (const [title, raw] of Object.entries(input)) {
    const tweak = byTitle.get(title);
    const checked: TweakValueCheck = tweak ? checkTweakValue(tweak, raw) : { ok: false, message: TWEAK_MESSAGES.unknown };
    if (checked.ok) values[title] = checked.value;
    else {
      errors[title] = checked.message;
      failed = true;
    }
  }
  return failed ? { ok: false, errors } : { ok: true, values };
}

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The body classes of dropdown and checkbox tweaks: `tweak-{title}-{option-slug}` for a dropdown,
 * `tweak-{title}` for a checkbox that is on. The title keeps its case, less any character outside
 * [A-Za-z0-9_-]; a value that is not one of a dropdown's options counts as its default.
 */
export function tweakBodyClasses(tweaks: readonly Tweak[], values: Readonly<Record<string, string>>): string[] {
  const classes: string[] = [];
  for (const tweak of tweaks) {
    const name = tweak.title.replace(/[^A-Za-z0-9_-]/g, '');
    if (name === '') continue;
    const value = Object.hasOwn(values, tweak.title) ? values[tweak.title] : tweak.default;
    if (tweak.type === 'dropdown') {
      const option = tweak.options.find((o) => o === value) ?? tweak.options.find((o) => o === tweak.default);
      const suffix = option === undefined ? '' : slug(option);
      if (suffix !== '') classes.push(`tweak-${name}-${suffix}`);
    } else if (tweak.type === 'checkbox' && value === 'true') classes.push(`tweak-${name}`);
  }
  return classes;
}
