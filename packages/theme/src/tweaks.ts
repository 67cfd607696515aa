import type { ThemeProblem } from './problem.js';

export type { ThemeProblem };

export const TWEAK_TYPES = ['color', 'dropdown', 'value', 'checkbox', 'font'] as const;
export type TweakType = (typeof TWEAK_TYPES)[number];

/** A style setting a stylesheet declares with a `// tweak: {...}` comment (docs/themes.md, "Tweaks"). */
export interface Tweak {
  /** The setting's key: stored values, body classes and `render.tweaks` use it. */
  title: string;
  type: TweakType;
  label: string;
  /** The Design panel's group; empty when the theme names none. */
  category: string;
  options: readonly string[];
  default: string | undefined;
  min?: number;
  max?: number;
  step?: number;
  /** The unit of a value tweak's default (`16px` -> `px`), printed after the owner's number. */
  unit?: string;
  showOnlyWhenPresent?: string;
  target?: string;
  js: boolean;
  /** The LESS variable declared after the comment (without `@`), which color, value and font tweaks set. */
  variable?: string;
  file: string;
  line: number;
}

const KNOWN_KEYS = new Set(['type', 'title', 'label', 'category', 'options', 'default', 'min', 'max', 'step', 'showOnlyWhenPresent', 'target', 'js']);
const LESS_TYPES: ReadonlySet<TweakType> = new Set(['color', 'value', 'font']);
/** `//` or `/*`, then `tweak:`; sticky copies test "is a tweak comment here". */
const MARKER = /(\/\/|\/\*)[ \t*]*tweak[ \t]*:[ \t]*/g;
const MARKER_AT = /(\/\/|\/\*)[ \t*]*tweak[ \t]*:/y;
const LINE_COMMENT_PREFIX = /[ \t]*\/\//y;
const BLOCK_COMMENT_PREFIX = /[ \t]*\*(?!\/)/y;
const DECLARATION = /@([A-Za-z_][\w-]*)\s*:\s*([^;{}]*?)\s*;/y;
const SPACE = /\s*/y;
const NUMBER_WITH_UNIT = /^([+-]?(?:\d+(?:\.\d+)?|\.\d+))([a-z%]*)$/i;

interface Declaration {
  name: string;
  value: string;
}

interface Found {
  tweak: Tweak;
  offset: number;
}

function lineAt(source: string, offset: number): number {
  let line = 1;
  for (let i = source.indexOf('\n'); i !== -1 && i < offset; i = source.indexOf('\n', i + 1)) line++;
  return line;
}

function columnAt(source: string, offset: number): number {
  return offset - source.lastIndexOf('\n', offset - 1);
}

/**
 * The JSON object starting at `from`, up to its matching brace. A `//` comment may continue on lines that
 * start with `//`, a block comment on lines that start with `*`; those prefixes are blanked so positions
 * in the JSON text are positions in the source.
 */
function readJsonObject(source: string, from: number, style: string): { json: string; end: number } | undefined {
  let json = '';
  let depth = 0;
  let inString = false;
  for (let i = from; i < source.length; i++) {
    const ch = source[i] as string;
    if (ch === '\n') {
      const prefix = style === '//' ? LINE_COMMENT_PREFIX : BLOCK_COMMENT_PREFIX;
      prefix.lastIndex = i + 1;
      const continued = prefix.exec(source);
      if (!continued && style === '//') return undefined;
      const skip = continued ? continued[0].length : 0;
      json += `\n${' '.repeat(skip)}`;
      i += skip;
      continue;
    }
    if (inString) {
      json += ch;
      if (ch === '\\' && i + 1 < source.length && source[i + 1] !== '\n') json += source[++i];
      else if (ch === '"') inString = false;
      continue;
    }
    if (style === '/*' && ch === '*' && source[i + 1] === '/') return undefined;
    json += ch;
    if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return { json, end: i + 1 };
  }
  return undefined;
}

/** The `@name: value;` after a tweak comment, past blank lines and other (non-tweak) comments. */
function declarationAfter(source: string, from: number): Declaration | undefined {
  let at = from;
  for (;;) {
    SPACE.lastIndex = at;
    SPACE.exec(source);
    at = SPACE.lastIndex;
    const lineComment = source.startsWith('//', at);
    if (lineComment || source.startsWith('/*', at)) {
      MARKER_AT.lastIndex = at;
      if (MARKER_AT.test(source)) return undefined;
      const end = lineComment ? source.indexOf('\n', at) : source.indexOf('*/', at + 2);
      if (end === -1) return undefined;
      at = lineComment ? end : end + 2;
      continue;
    }
    DECLARATION.lastIndex = at;
    const m = DECLARATION.exec(source);
    if (!m) return undefined;
    // The value is set again after the sheets when it is the default: without comments, on one line.
    const value = (m[2] as string)
      .replace(/\/\*[\s\S]*?\*\/|(?<![^\s])\/\/[^\n]*/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return { name: m[1] as string, value };
  }
}

function stringList(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v.trim() !== '')) return undefined;
  return value.map((v: string) => v.trim());
}

function scalar(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * One tweak from its JSON and the declaration that follows it. Problems are reported through `report`;
 * `undefined` when the declaration is too broken to offer a control.
 */
function buildTweak(
  json: Record<string, unknown>,
  declaration: Declaration | undefined,
  at: { file: string; line: number },
  report: (message: string, severity: ThemeProblem['severity']) => void,
): Tweak | undefined {
  const type = json.type;
  if (typeof type !== 'string' || !(TWEAK_TYPES as readonly string[]).includes(type)) {
    report(`tweak "type" must be one of ${TWEAK_TYPES.join(', ')}${type === undefined ? '' : ` (found ${JSON.stringify(type)})`}`, 'error');
    return undefined;
  }
  const kind = type as TweakType;
  if (json.title !== undefined && (typeof json.title !== 'string' || json.title.trim() === '')) {
    report('tweak "title" must be a non-empty string', 'error');
    return undefined;
  }
  const title = typeof json.title === 'string' ? json.title.trim() : declaration?.name;
  if (title === undefined) {
    report(`${kind} tweak needs a "title" or a LESS variable after its comment`, 'error');
    return undefined;
  }
  const named = `tweak "${title}"`;
  let broken = false;
  const fail = (message: string) => {
    report(`${named}: ${message}`, 'error');
    broken = true;
  };
  const warn = (message: string) => report(`${named}: ${message}`, 'warning');

  for (const key of Object.keys(json)) if (!KNOWN_KEYS.has(key)) warn(`unknown key "${key}" is ignored`);
  if (LESS_TYPES.has(kind) && !declaration) fail(`a ${kind} tweak needs a LESS variable (@name: value;) after its comment`);

  const text = (key: string): string | undefined => {
    const value = json[key];
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value;
    warn(`"${key}" must be a string and is ignored`);
    return undefined;
  };
  const tweak: Tweak = {
    title,
    type: kind,
    label: text('label') ?? title,
    category: text('category') ?? '',
    options: [],
    default: undefined,
    js: false,
    file: at.file,
    line: at.line,
  };
  const showOnlyWhenPresent = text('showOnlyWhenPresent');
  if (showOnlyWhenPresent !== undefined) tweak.showOnlyWhenPresent = showOnlyWhenPresent;
  const target = text('target');
  if (target !== undefined) tweak.target = target;
  if (json.js !== undefined) {
    if (typeof json.js === 'boolean') tweak.js = json.js;
    else warn('"js" must be true or false and is ignored');
  }
  if (declaration) tweak.variable = declaration.name;

  if (json.options !== undefined) {
    const options = stringList(json.options);
    if (kind !== 'dropdown' && kind !== 'font') warn('"options" are only used by dropdown and font tweaks');
    else if (!options || options.length === 0) fail('"options" must be a list of names');
    else tweak.options = Object.freeze(options);
  } else if (kind === 'dropdown') fail('a dropdown tweak needs "options"');

  for (const key of ['min', 'max', 'step'] as const) {
    const value = json[key];
    if (value === undefined) continue;
    if (kind !== 'value') warn(`"${key}" is only used by value tweaks`);
    else if (typeof value !== 'number' || !Number.isFinite(value) || (key === 'step' && value <= 0))
      fail(`"${key}" must be a ${key === 'step' ? 'positive ' : ''}number`);
    else tweak[key] = value;
  }
  if (tweak.min !== undefined && tweak.max !== undefined && tweak.min > tweak.max) fail('"min" is greater than "max"');

  const declared = json.default === undefined ? declaration?.value : scalar(json.default);
  if (json.default !== undefined && (declared === undefined || /[;{}]|\/\*|\*\/|\/\//.test(declared)))
    fail('"default" must be a string or number without ; { } or comments');
  if (broken) return undefined;

  switch (kind) {
    case 'dropdown': {
      const first = tweak.options[0];
      if (declared !== undefined && !tweak.options.includes(declared)) warn(`default "${declared}" is not one of its options; "${first}" is used`);
      tweak.default = declared !== undefined && tweak.options.includes(declared) ? declared : first;
      break;
    }
    case 'checkbox': {
      const on = declared?.toLowerCase();
      if (on !== undefined && on !== 'true' && on !== 'false') warn(`default "${declared}" is not true or false; off is used`);
      tweak.default = on === 'true' ? 'true' : 'false';
      break;
    }
    case 'value': {
      const m = NUMBER_WITH_UNIT.exec(declared ?? '');
      if (!m) {
        report(`${named}: a value tweak's default must be a number with its unit, such as 16px (found "${declared}")`, 'error');
        return undefined;
      }
      const n = Number(m[1]);
      if ((tweak.min !== undefined && n < tweak.min) || (tweak.max !== undefined && n > tweak.max)) warn(`default ${declared} is outside min..max`);
      if (m[2]) tweak.unit = m[2];
      tweak.default = declared;
      break;
    }
    case 'font':
      if (declared !== undefined && tweak.options.length > 0 && !tweak.options.includes(declared)) warn(`default "${declared}" is not one of its options`);
      tweak.default = declared;
      break;
    case 'color':
      tweak.default = declared;
      break;
  }
  return tweak;
}

function parseFile(file: string, source: string, problems: ThemeProblem[]): Found[] {
  const found: Found[] = [];
  for (const m of source.matchAll(MARKER)) {
    const offset = m.index;
    const style = m[1] as string;
    const line = lineAt(source, offset);
    const report = (message: string, severity: ThemeProblem['severity'], at = offset) =>
      problems.push({ file, line: lineAt(source, at), column: columnAt(source, at), message, severity });
    const start = offset + m[0].length;
    const block = source[start] === '{' ? readJsonObject(source, start, style) : undefined;
    if (!block) {
      report('a tweak comment needs a JSON object ({ ... }) closed before the comment ends', 'error');
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(block.json);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const position = /at position (\d+)/.exec(message);
      report(`tweak JSON is not valid: ${message.replace(/\s*in JSON at position \d+.*$/s, '')}`, 'error', position ? start + Number(position[1]) : offset);
      continue;
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      report('a tweak comment needs a JSON object', 'error');
      continue;
    }
    const closing = source.indexOf(style === '//' ? '\n' : '*/', block.end);
    const commentEnd = closing === -1 ? source.length : closing + (style === '//' ? 0 : 2);
    const declaration = declarationAfter(source, commentEnd);
    const tweak = buildTweak(json as Record<string, unknown>, declaration, { file, line }, report);
    if (tweak) found.push({ tweak, offset });
  }
  return found;
}

/**
 * Every tweak the stylesheets declare, in order. A title declared twice keeps its first declaration (a
 * warning names both). Never throws: broken declarations are errors in `problems` and offer no control.
 */
export function collectTweaks(sheets: readonly { file: string; source: string }[]): { tweaks: Tweak[]; problems: ThemeProblem[] } {
  const problems: ThemeProblem[] = [];
  const tweaks: Tweak[] = [];
  const first = new Map<string, Tweak>();
  for (const { file, source } of sheets) {
    for (const { tweak, offset } of parseFile(file, source, problems)) {
      const earlier = first.get(tweak.title);
      if (earlier) {
        problems.push({
          file,
          line: tweak.line,
          column: columnAt(source, offset),
          severity: 'warning',
          message: `tweak "${tweak.title}" is declared again (first in ${earlier.file} line ${earlier.line}); this declaration is ignored`,
        });
        continue;
      }
      first.set(tweak.title, tweak);
      tweaks.push(tweak);
    }
  }
  return { tweaks, problems };
}

/** The tweaks one stylesheet declares (see `collectTweaks`). */
export function parseTweaks(file: string, source: string): { tweaks: Tweak[]; problems: ThemeProblem[] } {
  return collectTweaks([{ file, source }]);
}

/** Whether a tweak's value is set through its LESS variable (else it becomes a body class). */
export function setsLessVariable(tweak: Tweak): boolean {
  return LESS_TYPES.has(tweak.type);
}

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
