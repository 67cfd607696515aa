import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectTweaks, parseTweaks, type Tweak } from './tweaks.js';
import { checkTweakValue, resolveTweakValues, TWEAK_MESSAGES, tweakBodyClasses, validateTweakValues } from './tweak-values.js';

const FILE = 'styles/base.less';

function only(source: string): Tweak {
  const { tweaks, problems } = parseTweaks(FILE, source);
  expect(problems).toEqual([]);
  expect(tweaks).toHaveLength(1);
  return tweaks[0] as Tweak;
}

function tweak(partial: Partial<Tweak> & Pick<Tweak, 'type'>): Tweak {
  return { title: 't', label: 't', category: '', options: [], default: undefined, js: false, file: FILE, line: 1, ...partial };
}

describe('parseTweaks: one tweak of each type', () => {
  it('color: title, label, category, target and default from the variable', () => {
    const t = only(
      '\n// tweak: { "type": "color", "title": "accentColor", "label": "Accent", "category": "Colors", "target": ".button", "js": true }\n@accentColor: #24513d;\n',
    );
    expect(t).toEqual({
      title: 'accentColor',
      type: 'color',
      label: 'Accent',
      category: 'Colors',
      options: [],
      default: '#24513d',
      target: '.button',
      js: true,
      variable: 'accentColor',
      file: FILE,
      line: 2,
    });
  });

  it('value: min, max, step and the unit of its default', () => {
    const t = only('// tweak: { "type": "value", "title": "baseFontSize", "min": 12, "max": 24, "step": 1 }\n@baseFontSize: 16px;');
    expect(t).toMatchObject({ type: 'value', min: 12, max: 24, step: 1, default: '16px', unit: 'px', variable: 'baseFontSize' });
  });

  it('value: a unitless default has no unit', () => {
    expect(only('// tweak: { "type": "value", "title": "lineHeight", "min": 1, "max": 2, "step": 0.1 }\n@lineHeight: 1.5;').unit).toBeUndefined();
  });

  it('font: its options and default', () => {
    const t = only('// tweak: { "type": "font", "title": "headingFont", "options": ["Serif", "Sans-serif"] }\n@headingFont: Serif;');
    expect(t).toMatchObject({ type: 'font', options: ['Serif', 'Sans-serif'], default: 'Serif', variable: 'headingFont' });
  });

  it('dropdown: no variable needed; the first option is the default when none is given', () => {
    const t = only(
      '// tweak: { "type": "dropdown", "title": "header-layout", "options": ["Left", "Centered"], "showOnlyWhenPresent": "page-home" }\n.x { a: b; }',
    );
    expect(t).toMatchObject({ type: 'dropdown', options: ['Left', 'Centered'], default: 'Left', showOnlyWhenPresent: 'page-home' });
    expect(t.variable).toBeUndefined();
  });

  it.each([
    ['no default', '', 'false'],
    ['"true"', ', "default": "true"', 'true'],
    ['true', ', "default": true', 'true'],
    ['false', ', "default": false', 'false'],
  ])('checkbox with %s defaults to %s', (_name, json, expected) => {
    expect(only(`// tweak: { "type": "checkbox", "title": "sticky-header"${json} }`).default).toBe(expected);
  });
});

describe('parseTweaks: names and defaults', () => {
  it('takes the title from the variable when the JSON has none, and the label from the title', () => {
    const t = only('// tweak: { "type": "color" }\n@linkColor: blue;');
    expect(t).toMatchObject({ title: 'linkColor', label: 'linkColor', category: '', variable: 'linkColor' });
  });

  it('keeps a title that differs from the variable, which is still the one set', () => {
    expect(only('// tweak: { "type": "color", "title": "Site Background Color" }\n@siteBackground: #fff;')).toMatchObject({
      title: 'Site Background Color',
      variable: 'siteBackground',
    });
  });

  it('prefers the JSON default over the variable value', () => {
    expect(only('// tweak: { "type": "value", "title": "w", "default": "1020px" }\n@w: 960px;')).toMatchObject({ default: '1020px', unit: 'px' });
  });

  it('reads a number default from the JSON', () => {
    expect(only('// tweak: { "type": "value", "title": "w", "default": 12 }\n@w: 960px;').default).toBe('12');
  });

  it('keeps a LESS expression as a color default', () => {
    expect(only('// tweak: { "type": "color", "title": "hover" }\n@hover: darken(@accent, 10%);').default).toBe('darken(@accent, 10%)');
  });

  it.each([
    ['@c: red /* brand */;', 'red'],
    ['@c: "Helvetica Neue",\n  Arial //wide\n  , serif;', '"Helvetica Neue", Arial , serif'],
    ['@c: url(https://example.com/x.png);', 'url(https://example.com/x.png)'],
  ])('takes the default from %j without comments, on one line', (declaration, value) => {
    expect(only(`// tweak: { "type": "font", "title": "c" }\n${declaration}`).default).toBe(value);
  });

  it('skips blank lines and plain comments between the comment and the variable', () => {
    expect(only('// tweak: { "type": "color", "title": "c" }\n\n// the accent\n/* more */\n@c: red;').variable).toBe('c');
  });

  it('does not take the variable that belongs to the next tweak', () => {
    const { tweaks, problems } = parseTweaks(FILE, '// tweak: { "type": "checkbox", "title": "a" }\n// tweak: { "type": "color", "title": "b" }\n@b: red;');
    expect(problems).toEqual([]);
    expect(tweaks.map((t) => [t.title, t.variable])).toEqual([
      ['a', undefined],
      ['b', 'b'],
    ]);
  });

  it('reads JSON spread over several // lines', () => {
    const t = only(
      [
        '.a { color: red; }',
        '// tweak: { "type": "dropdown", "title": "layout",',
        '//   "options": ["Left", "Centered"],',
        '//   "default": "Centered" }',
        '.b { color: blue; }',
      ].join('\n'),
    );
    expect(t).toMatchObject({ title: 'layout', options: ['Left', 'Centered'], default: 'Centered', line: 2 });
  });

  it('reads JSON in a block comment, over several lines', () => {
    const t = only(['/* tweak: {', ' *   "type": "value", "title": "gutter",', ' *   "min": 0, "max": 100', ' * } */', '@gutter: 20px;'].join('\n'));
    expect(t).toMatchObject({ title: 'gutter', min: 0, max: 100, default: '20px', variable: 'gutter', line: 1 });
  });

  it('reads a one-line block comment', () => {
    expect(only('/* tweak: { "type": "color", "title": "c" } */ @c: #000;').default).toBe('#000');
  });

  it('reports every tweak of a file with its line', () => {
    const source = '// tweak: { "type": "color" }\n@a: red;\n\n// tweak: { "type": "color" }\n@b: blue;\n';
    expect(parseTweaks(FILE, source).tweaks.map((t) => [t.title, t.line])).toEqual([
      ['a', 1],
      ['b', 4],
    ]);
  });
});

describe('parseTweaks: problems', () => {
  it.each([
    ['bad JSON', '// tweak: { "type": "color", }\n@c: red;', 1, 'error', /^tweak JSON is not valid: /],
    ['no JSON', '// tweak: color\n@c: red;', 1, 'error', /needs a JSON object/],
    ['unclosed JSON', '// tweak: { "type": "color"\n@c: red;', 1, 'error', /closed before the comment ends/],
    ['unclosed JSON in a block comment', '/* tweak: { "type": "color" */\n@c: red;', 1, 'error', /closed before the comment ends/],
    [
      'unknown type',
      '// tweak: { "type": "slider", "title": "x" }\n@x: 1px;',
      1,
      'error',
      /"type" must be one of color, dropdown, value, checkbox, font \(found "slider"\)/,
    ],
    ['missing type', '// tweak: { "title": "x" }\n@x: 1px;', 1, 'error', /"type" must be one of/],
    ['dropdown without options', '// tweak: { "type": "dropdown", "title": "layout" }', 1, 'error', /tweak "layout": a dropdown tweak needs "options"/],
    ['dropdown with empty options', '// tweak: { "type": "dropdown", "title": "layout", "options": [] }', 1, 'error', /"options" must be a list of names/],
    ['color without a variable', '\n// tweak: { "type": "color", "title": "c" }\n.a { color: red; }', 2, 'error', /a color tweak needs a LESS variable/],
    ['no title and no variable', '// tweak: { "type": "checkbox" }', 1, 'error', /needs a "title" or a LESS variable/],
    ['an empty title', '// tweak: { "type": "checkbox", "title": " " }', 1, 'error', /"title" must be a non-empty string/],
    ['a value default that is not a number', '// tweak: { "type": "value", "title": "w" }\n@w: auto;', 1, 'error', /must be a number with its unit/],
    ['min over max', '// tweak: { "type": "value", "title": "w", "min": 10, "max": 5 }\n@w: 7px;', 1, 'error', /"min" is greater than "max"/],
    ['a zero step', '// tweak: { "type": "value", "title": "w", "step": 0 }\n@w: 7px;', 1, 'error', /"step" must be a positive number/],
    ['a text min', '// tweak: { "type": "value", "title": "w", "min": "1" }\n@w: 7px;', 1, 'error', /"min" must be a number/],
    ['a default with a brace', '// tweak: { "type": "color", "title": "c", "default": "red} a{" }\n@c: red;', 1, 'error', /"default" must be/],
    ['a default with a comment', '// tweak: { "type": "color", "title": "c", "default": "red /* x" }\n@c: red;', 1, 'error', /"default" must be/],
    ['an unknown key', '// tweak: { "type": "color", "title": "c", "colour": 1 }\n@c: red;', 1, 'warning', /tweak "c": unknown key "colour" is ignored/],
    [
      'a dropdown default not in its options',
      '// tweak: { "type": "dropdown", "title": "d", "options": ["A"], "default": "B" }',
      1,
      'warning',
      /default "B" is not one of its options; "A" is used/,
    ],
    ['a checkbox default that is not a boolean', '// tweak: { "type": "checkbox", "title": "c", "default": "yes" }', 1, 'warning', /is not true or false/],
    ['options on a color', '// tweak: { "type": "color", "title": "c", "options": ["a"] }\n@c: red;', 1, 'warning', /only used by dropdown and font/],
    ['min on a color', '// tweak: { "type": "color", "title": "c", "min": 1 }\n@c: red;', 1, 'warning', /"min" is only used by value tweaks/],
    ['a text label', '// tweak: { "type": "color", "title": "c", "label": 3 }\n@c: red;', 1, 'warning', /"label" must be a string/],
    ['a text js flag', '// tweak: { "type": "color", "title": "c", "js": "yes" }\n@c: red;', 1, 'warning', /"js" must be true or false/],
    ['a value default out of range', '// tweak: { "type": "value", "title": "w", "max": 5 }\n@w: 7px;', 1, 'warning', /outside min\.\.max/],
  ] as const)('%s', (_name, source, line, severity, message) => {
    const { problems } = parseTweaks(FILE, source);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: FILE, line, severity });
    expect(problems[0]?.message).toMatch(message);
  });

  it('an object without a type is not a tweak', () => {
    const { tweaks, problems } = parseTweaks(FILE, '/* tweak: {"a": [1] } */');
    expect(tweaks).toEqual([]);
    expect(problems[0]?.message).toMatch(/"type" must be one of/);
  });

  it('points at the line of a JSON mistake inside a multi-line comment', () => {
    const { problems } = parseTweaks(FILE, '// tweak: { "type": "color",\n//   "title": "c",\n//   "label" "Accent" }\n@c: red;');
    expect(problems).toMatchObject([{ line: 3, severity: 'error' }]);
  });

  it('keeps the tweak when a warning is reported, drops it on an error', () => {
    expect(parseTweaks(FILE, '// tweak: { "type": "color", "title": "c", "extra": 1 }\n@c: red;').tweaks).toHaveLength(1);
    expect(parseTweaks(FILE, '// tweak: { "type": "dropdown", "title": "d" }').tweaks).toHaveLength(0);
  });

  it('keeps the first of two tweaks with one title, with a warning at the second', () => {
    const source = '// tweak: { "type": "color", "title": "c" }\n@c: red;\n// tweak: { "type": "color", "title": "c" }\n@c2: blue;';
    const { tweaks, problems } = parseTweaks(FILE, source);
    expect(tweaks.map((t) => t.variable)).toEqual(['c']);
    expect(problems).toEqual([
      { file: FILE, line: 3, column: 1, severity: 'warning', message: `tweak "c" is declared again (first in ${FILE} line 1); this declaration is ignored` },
    ]);
  });

  it('finds duplicates across stylesheets', () => {
    const { tweaks, problems } = collectTweaks([
      { file: 'styles/a.less', source: '// tweak: { "type": "color" }\n@c: red;' },
      { file: 'styles/b.less', source: '\n\n// tweak: { "type": "color" }\n@c: blue;\n// tweak: { "type": "color" }\n@d: blue;' },
    ]);
    expect(tweaks.map((t) => `${t.file}:${t.title}`)).toEqual(['styles/a.less:c', 'styles/b.less:d']);
    expect(problems).toMatchObject([{ file: 'styles/b.less', line: 3, severity: 'warning' }]);
  });

  it('never throws, whatever follows a tweak marker', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const result = parseTweaks(FILE, `${a}// tweak: {${b}\n/* tweak: ${a}*/${b}`);
        expect(Array.isArray(result.tweaks)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('checkTweakValue', () => {
  const color = tweak({ type: 'color', default: '#24513d' });
  const size = tweak({ type: 'value', min: 12, max: 24, step: 1, unit: 'px', default: '16px' });
  const ratio = tweak({ type: 'value', min: 0, max: 1, step: 0.1, default: '0.5' });
  const font = tweak({ type: 'font', options: ['Serif', 'Sans-serif'], default: 'Serif' });
  const freeFont = tweak({ type: 'font', default: 'Georgia, serif' });
  const dropdown = tweak({ type: 'dropdown', options: ['Left', 'Centered'], default: 'Left' });
  const checkbox = tweak({ type: 'checkbox', default: 'false' });

  it.each([
    ['#abc', '#abc'],
    ['#abcd', '#abcd'],
    ['#24513D', '#24513d'],
    ['#24513d80', '#24513d80'],
    [' rgb(36, 81, 61) ', 'rgb(36, 81, 61)'],
    ['rgba(36,81,61,0.5)', 'rgba(36,81,61,0.5)'],
    ['rgb(36 81 61 / 50%)', 'rgb(36 81 61 / 50%)'],
    ['hsl(120deg 50% 50%)', 'hsl(120deg 50% 50%)'],
    ['hsla(120, 50%, 50%, .3)', 'hsla(120, 50%, 50%, .3)'],
    ['RebeccaPurple', 'rebeccapurple'],
    ['transparent', 'transparent'],
  ])('color %j is %j', (raw, value) => {
    expect(checkTweakValue(color, raw)).toEqual({ ok: true, value });
  });

  it.each([
    '#abcde',
    '#ggg',
    'notacolor',
    'rgb(1, 2)',
    'rgb(a, b, c)',
    'red;',
    'red; } body { display: none',
    'red /* x */',
    'url(https://evil.example/x.png)',
    'expression(alert(1))',
    'rgb(1,2,3);background:url(x)',
    '</style><script>',
    'red\n}',
    '@import "x"',
    '~"x"',
    12,
    null,
    undefined,
    ['red'],
  ])('color %j is refused', (raw) => {
    expect(checkTweakValue(color, raw)).toEqual({ ok: false, message: 'Enter a colour such as #24513d.' });
  });

  it.each([
    [16, '16px'],
    ['16', '16px'],
    [' 16px ', '16px'],
    ['12PX', '12px'],
    [24, '24px'],
  ])('value %j is %j', (raw, value) => {
    expect(checkTweakValue(size, raw)).toEqual({ ok: true, value });
  });

  it.each([11, 25, 16.5, '16em', '16px;', '16px }', '1e1', 'abc', Number.NaN, Number.POSITIVE_INFINITY, true, ''])('value %j is refused', (raw) => {
    expect(checkTweakValue(size, raw)).toEqual({ ok: false, message: 'Enter a whole number from 12 to 24.' });
  });

  it('prints decimal steps without float noise', () => {
    expect(checkTweakValue(ratio, 0.1 + 0.2)).toEqual({ ok: true, value: '0.3' });
    expect(checkTweakValue(ratio, 0.35)).toEqual({ ok: false, message: 'Enter a number from 0 to 1 in steps of 0.1.' });
  });

  it('refuses numbers LESS would print in exponent notation', () => {
    expect(checkTweakValue(tweak({ type: 'value', unit: 'px' }), 1e21).ok).toBe(false);
  });

  it.each([
    ['font option', font, 'Sans-serif', 'Sans-serif'],
    ['font option', font, 'sans-SERIF', 'Sans-serif'],
    ['font list', freeFont, 'Georgia,"Times New Roman",  serif', 'Georgia, "Times New Roman", serif'],
    ['font list', freeFont, "'Helvetica Neue', Arial, sans-serif", "'Helvetica Neue', Arial, sans-serif"],
    ['dropdown', dropdown, 'Centered', 'Centered'],
    ['dropdown', dropdown, 'centered', 'Centered'],
    ['checkbox', checkbox, true, 'true'],
    ['checkbox', checkbox, false, 'false'],
    ['checkbox', checkbox, 'TRUE', 'true'],
    ['checkbox', checkbox, 'false', 'false'],
  ])('%s: %j is accepted', (_kind, t, raw, value) => {
    expect(checkTweakValue(t, raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['font option', font, 'Comic Sans', 'Choose one of: Serif, Sans-serif.'],
    ['font list', freeFont, 'Arial; } body { display: none', 'Enter font names separated by commas, such as Georgia, serif.'],
    ['font list', freeFont, 'Georgia, expression(alert(1))', 'Enter font names separated by commas, such as Georgia, serif.'],
    ['font list', freeFont, 'Expression Sans', 'Enter font names separated by commas, such as Georgia, serif.'],
    ['font list', freeFont, '"Georgia', 'Enter font names separated by commas, such as Georgia, serif.'],
    ['font list', freeFont, 'Arial /* x */', 'Enter font names separated by commas, such as Georgia, serif.'],
    ['font list', freeFont, 'Arial, , serif', 'Enter font names separated by commas, such as Georgia, serif.'],
    ['font list', freeFont, 'url(x)', 'Enter font names separated by commas, such as Georgia, serif.'],
    ['font list', freeFont, '@import', 'Enter font names separated by commas, such as Georgia, serif.'],
    ['font list', freeFont, 'a</style>', 'Enter font names separated by commas, such as Georgia, serif.'],
    ['dropdown', dropdown, 'Right', 'Choose one of: Left, Centered.'],
    ['dropdown', dropdown, 1, 'Choose one of: Left, Centered.'],
    ['checkbox', checkbox, 'yes', 'Choose on or off.'],
    ['checkbox', checkbox, 1, 'Choose on or off.'],
  ])('%s: %j is refused with its message', (_kind, t, raw, message) => {
    expect(checkTweakValue(t, raw)).toEqual({ ok: false, message });
  });
});

describe('TWEAK_MESSAGES.number', () => {
  it.each([
    [{ min: 12, max: 24 }, 'Enter a number from 12 to 24.'],
    [{ min: 12, max: 24, step: 1 }, 'Enter a whole number from 12 to 24.'],
    [{ min: 960, max: 1440, step: 20 }, 'Enter a number from 960 to 1440 in steps of 20.'],
    [{ min: 0 }, 'Enter a number of at least 0.'],
    [{ max: 10 }, 'Enter a number of at most 10.'],
    [{}, 'Enter a number.'],
    [{ step: 0.5 }, 'Enter a number in steps of 0.5.'],
  ])('%j', (range, message) => {
    expect(TWEAK_MESSAGES.number(range)).toBe(message);
  });
});

describe('resolveTweakValues', () => {
  const tweaks = [
    tweak({ title: 'accent', type: 'color', default: '#24513d' }),
    tweak({ title: 'size', type: 'value', min: 12, max: 24, unit: 'px', default: '16px' }),
    tweak({ title: 'layout', type: 'dropdown', options: ['Left', 'Centered'], default: 'Left' }),
    tweak({ title: 'sticky', type: 'checkbox', default: 'true' }),
  ];

  it('uses valid stored values, normalised, and defaults for the rest', () => {
    expect(resolveTweakValues(tweaks, { accent: '#FFF', size: 20 })).toEqual({
      values: { accent: '#fff', size: '20px', layout: 'Left', sticky: 'true' },
      problems: [],
    });
  });

  it('falls back to the default for a stored value that is no longer valid, and says why', () => {
    expect(resolveTweakValues(tweaks, { accent: 'red; } body { display: none', layout: 'Right', sticky: false })).toEqual({
      values: { accent: '#24513d', size: '16px', layout: 'Left', sticky: 'false' },
      problems: [
        { title: 'accent', message: 'Enter a colour such as #24513d.' },
        { title: 'layout', message: 'Choose one of: Left, Centered.' },
      ],
    });
  });

  it('ignores stored keys no tweak declares', () => {
    expect(resolveTweakValues(tweaks, { removedLongAgo: 'x' }).problems).toEqual([]);
  });

  it('reads own stored keys only', () => {
    const inherited = [tweak({ title: 'constructor', type: 'color', default: 'red' }), tweak({ title: 'toString', type: 'checkbox', default: 'false' })];
    expect(resolveTweakValues(inherited, {})).toEqual({ values: { constructor: 'red', toString: 'false' }, problems: [] });
  });
});

describe('validateTweakValues', () => {
  const tweaks = [
    tweak({ title: 'accent', type: 'color', default: '#24513d' }),
    tweak({ title: 'size', type: 'value', min: 12, max: 24, unit: 'px', default: '16px' }),
    tweak({ title: 'layout', type: 'dropdown', options: ['Left', 'Centered'], default: 'Left' }),
    tweak({ title: 'headingFont', type: 'font', options: ['Serif', 'Sans-serif'], default: 'Serif' }),
  ];

  it('returns the submitted values, normalised', () => {
    expect(validateTweakValues(tweaks, { accent: '#ABCDEF', size: '14', layout: 'centered' })).toEqual({
      ok: true,
      values: { accent: '#abcdef', size: '14px', layout: 'Centered' },
    });
  });

  it('names every refused key with its message', () => {
    expect(validateTweakValues(tweaks, { accent: 'blu', size: 30, layout: 'Right', headingFont: 'Comic', sparkles: true, size2: 1, accent2: 1 })).toEqual({
      ok: false,
      errors: {
        accent: 'Enter a colour such as #24513d.',
        size: 'Enter a number from 12 to 24.',
        layout: 'Choose one of: Left, Centered.',
        headingFont: 'Choose one of: Serif, Sans-serif.',
        sparkles: 'Unknown style setting.',
        size2: 'Unknown style setting.',
        accent2: 'Unknown style setting.',
      },
    });
  });

  it('refuses the whole submission when one key is wrong', () => {
    const result = validateTweakValues(tweaks, { accent: '#fff', layout: 'Right' });
    expect(result).toEqual({ ok: false, errors: { layout: 'Choose one of: Left, Centered.' } });
  });

  it('does not treat inherited names as settings', () => {
    expect(validateTweakValues(tweaks, JSON.parse('{"__proto__": "#fff", "constructor": "#fff"}'))).toEqual({
      ok: false,
      errors: { ['__proto__']: 'Unknown style setting.', constructor: 'Unknown style setting.' },
    });
  });
});

describe('tweakBodyClasses', () => {
  const tweaks = [
    tweak({ title: 'header-layout', type: 'dropdown', options: ['Title left', 'Title centered'], default: 'Title left' }),
    tweak({ title: 'style', type: 'dropdown', options: ['Élégant', 'Bold & Loud!'], default: 'Élégant' }),
    tweak({ title: 'sticky-header', type: 'checkbox', default: 'true' }),
    tweak({ title: 'animations', type: 'checkbox', default: 'false' }),
    tweak({ title: 'Site Width.Option', type: 'dropdown', options: ['Full'], default: 'Full' }),
    tweak({ title: 'accent', type: 'color', default: 'red' }),
    tweak({ title: '!!', type: 'checkbox', default: 'true' }),
  ];

  it('names the chosen option of each dropdown and each checkbox that is on', () => {
    expect(tweakBodyClasses(tweaks, { 'header-layout': 'Title centered', style: 'Bold & Loud!', 'sticky-header': 'true', animations: 'false' })).toEqual([
      'tweak-header-layout-title-centered',
      'tweak-style-bold-loud',
      'tweak-sticky-header',
      'tweak-SiteWidthOption-full',
    ]);
  });

  it('uses the defaults for missing values and ignores values a dropdown does not offer', () => {
    expect(tweakBodyClasses(tweaks, { 'header-layout': '"><script>', animations: 'true' })).toEqual([
      'tweak-header-layout-title-left',
      'tweak-style-elegant',
      'tweak-sticky-header',
      'tweak-animations',
      'tweak-SiteWidthOption-full',
    ]);
  });

  it('turns a checkbox off with "false"', () => {
    expect(tweakBodyClasses([tweak({ title: 'sticky', type: 'checkbox', default: 'true' })], { sticky: 'false' })).toEqual([]);
  });
});
