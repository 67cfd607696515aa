/** fast-check generators of templates and contexts for the property and differential tests. */
import fc from 'fast-check';

const key = fc.constantFrom('a', 'b', 'c', 'items', 'n', 's', 'flag', 'obj');
const scalar = fc.oneof(
  fc.integer({ min: -5, max: 20 }),
  fc.constantFrom(0, 1, 2, 1.5, -0.5),
  fc.constantFrom('', 'x', 'hello world', '<b>&"', 'a\nb', '0', 'true'),
  fc.boolean(),
  fc.constant(null),
);

/** Random JSON contexts over a small key vocabulary so templates hit real data. */
export const context: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(key, tie('value'), { maxKeys: 5, noNullPrototype: true }),
})).object as fc.Arbitrary<unknown>;

const path = fc.oneof(
  key,
  fc.constantFrom('@', '@index', '@index0', 'a.b', 'items.0', 'items.1.a', 'obj.s', 'missing', 'a.0', '@v', '@x'),
);
const formatter = fc.constantFrom(
  '',
  '|html',
  '|htmlattr',
  '|json',
  '|count',
  '|str',
  '|safe',
  '|truncate 3',
  '|pluralize',
  '|round',
  '|html|json',
  '|slugify',
  '|line-breaks',
  '|output a b',
  '|iter',
  '|cycle a b c',
  '|encode-space',
  '|get a',
  '|prop a',
  '|prop b.c',
  '|lookup s',
  '|format a b',
  '|key-by a',
  '|find-first a',
  '|find-last',
  '|json-pretty',
  '|raw',
  '|mod 3',
  '|smartypants',
  '|url-encode',
  '|encode-uri-component',
  '|apply m',
  '|apply m private',
  '|apply m k=v',
);
const predicate = fc.constantFrom(
  'equal? a 1',
  'equal? a b',
  'notEqual? n 2',
  'odd? n',
  'even?',
  'greaterThan? n 3',
  'lessThanOrEqual? a "x"',
  'plural?',
  'singular?',
  'nth? 2',
);
const text = fc.constantFrom('x', ' ', '\n', 'text', '<p>', '{ a }', '{', '}', '|', '.', '{.bogus}', '{a b}');
const expression = fc.constantFrom(
  '1 + 2 * 3',
  'n * 2',
  "'a' + s",
  '@v = n + 1; @v',
  'max(1, n, 3)',
  'a == 1 && b != 2',
  '!flag',
  '2 ** 3 % 5',
  '(1 + 2) * -n',
  "str(n) + 'x'",
  'n >= 2 ? 1 : 0',
  "'unterminated",
  '1 << 3 | 2 ^ 7 & 5',
  'abs(-3) + num("4")',
);

/** A template tree of the language core, rendered to source. */
export const template: fc.Arbitrary<string> = fc.letrec((tie) => ({
  body: fc.array(tie('node'), { maxLength: 5 }).map((xs) => (xs as string[]).join('')),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.tuple(path, formatter).map(([p, f]) => `{${p}${f}}`),
    fc.tuple(path, path).map(([p, q]) => `{${p},${q}|html}`),
    fc.constantFrom('{.newline}', '{.space}', '{.tab}', '{.meta-left}', '{.meta-right}', '{# comment}', '{## multi\nline ##}'),
    fc.tuple(path, formatter).map(([p, f]) => `{.var @v ${p}${f}}`),
    expression.map((e) => `{.eval ${e}}`),
    fc.tuple(path, tie('body'), tie('body')).map(([p, b, o]) => `{.section ${p}}${b}{.or}${o}{.end}`),
    fc.tuple(path, tie('body')).map(([p, b]) => `{.section ${p}}${b}{.end}`),
    fc.tuple(path, tie('body'), fc.constantFrom('', ',', ' | ')).map(
      ([p, b, sep]) => `{.repeated section ${p}}${b}${sep ? `{.alternates with}${sep}` : ''}{.end}`,
    ),
    fc.tuple(predicate, tie('body'), tie('body')).map(([p, b, o]) => `{.${p}}${b}{.or}${o}{.end}`),
    fc.tuple(path, fc.constantFrom('||', '&&'), path, tie('body'), tie('body')).map(
      ([a, op, b, x, y]) => `{.if ${a} ${op} ${b}}${x}{.or}${y}{.end}`,
    ),
    fc.tuple(predicate, tie('body'), tie('body')).map(([p, b, o]) => `{.if a}${b}{.or ${p}}${o}{.end}`),
    fc.tuple(tie('body'), path).map(([b, p]) => `{.macro m}${b}{.end}{${p}|apply m}`),
    fc.tuple(tie('body'), fc.constantFrom('', ' output')).map(([b, o]) => `{.macro m}${b}{.end}{.include m${o}}`),
    fc.tuple(path, path).map(([p, q]) => `{.ctx @v k=${p} j=${q}}{@v.k}{@v.j|json}`),
    fc.constantFrom('{@args.k}', '{@args|json}', '{.var @x @index}{@x}', '{.eval @x = @index * 2}{@x}'),
  ),
})).body as fc.Arbitrary<string>;

const SOUP = fc.constantFrom(
  ...'{}.|@#,:?=&!()"\' \nabcxyz0123'.split(''),
  '{.section ',
  '{.end}',
  '{.or}',
  '{.or ',
  '{.eval ',
  '{.repeated section ',
  '{.alternates with}',
  '{.if ',
  '|html',
  '|truncate',
  '{.macro ',
  '{.var @',
  '{.ctx @',
  '{##',
  '##}',
  '{.equal? ',
  '{.newline}',
  '{.meta-left}',
);

/** Random sequences of template fragments (mostly not well-formed). */
export const tagSoup: fc.Arbitrary<string> = fc.array(SOUP, { maxLength: 40 }).map((xs) => xs.join(''));

const EXPR_TOKEN = fc.constantFrom(
  ' ', '1', '2', '0', '3.5', '1e2', '0x1f', "'s'", '"t"', "'1'", "'0x10'", "'-2.5'", "''", 'true', 'false', 'null',
  'PI', 'NaN', 'Infinity', 'n', 'a', 's', 'flag', 'obj', 'items.0', '@v', '@x', '@index',
  '+', '-', '*', '/', '%', '**', '==', '!=', '===', '!==', '<', '<=', '>', '>=', '&&', '||', '!', '~',
  '&', '|', '^', '<<', '>>', '=', ',', ';', '(', ')', 'max(', 'min(', 'abs(', 'num(', 'str(', 'bool(',
);

/** Random `{.eval}` tags built from expression tokens (often malformed). */
export const evalSoup: fc.Arbitrary<string> = fc
  .array(EXPR_TOKEN, { minLength: 1, maxLength: 14 })
  .map((xs) => `{.eval ${xs.join('')}}{@v}|{@x}`);
