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
  /** A colour tweak's backgrounds: the colour tweaks it is read on as text, checked for contrast (WCAG AA) before a publish. */
  readableOn?: readonly string[];
  target?: string;
  js: boolean;
  /** The LESS variable declared after the comment (without `@`), which color, value and font tweaks set. */
  variable?: string;
  file: string;
  line: number;
}

const KNOWN_KEYS = new Set([
  'type',
  'title',
  'label',
  'category',
  'options',
  'default',
  'min',
  'max',
  'step',
  'showOnlyWhenPresent',
  'readableOn',
  'target',
  'js',
]);
const LESS_TYPES: ReadonlySet<TweakType> = new Set(['color', 'value', 'font']);
/** `//` or `/*`, then `tweak:`; sticky copies test "is a tweak comment here". */
const MARKER = /(\/\/|\/\*)[ \t*]*tweak[ \t]*:[ \t]*/g;
const MARKER_AT = /(\/\/|\/\*)[ \t*]*tweak[ \t]*:/y;
const LINE_COMMENT_PREFIX = /[ \t]*\/\//y;
const BLOCK_COMMENT_PREFIX = /[ \t]*\*(?!\/)/y;
const DECLARATION = /@([A-Za-z_][\w-]*)\s*:\s*([^;{}]*?)\s*;/y;
const SPACE = /\s*/y;
/** A number with an optional unit (`16px`, `1.5`, `80%`). */
export const NUMBER_WITH_UNIT = /^([+-]?(?:\d+(?:\.\d+)?|\.\d+))([a-z%]*)$/i;

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
  if (json.readableOn !== undefined) {
    const backgrounds = stringList(json.readableOn);
    if (kind !== 'color') warn('"readableOn" is only used by color tweaks');
    else if (!backgrounds || backgrounds.length === 0) warn('"readableOn" must be a list of colour tweak titles and is ignored');
    else tweak.readableOn = Object.freeze(backgrounds);
  }
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
  for (const tweak of tweaks) {
    for (const background of tweak.readableOn ?? []) {
      if (first.get(background)?.type === 'color') continue;
      problems.push({
        file: tweak.file,
        line: tweak.line,
        column: 1,
        severity: 'warning',
        message: `tweak "${tweak.title}": "readableOn" names "${background}", which is no colour tweak of the theme; that pair is not checked`,
      });
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
