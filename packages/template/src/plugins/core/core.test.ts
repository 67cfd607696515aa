import { describe, expect, it } from 'vitest';
import { Engine } from '../../engine.js';

const engine = new Engine();
const json = {
  items: [
    { a: 0, n: 'x' },
    { a: 1, n: 'y' },
    { a: 2, n: 'z' },
  ],
  tbl: { x: { ok: false }, y: { ok: true }, z: { ok: true } },
  keys: ['x', 'y', 'z'],
  s: 'a\nb\nc',
  h: '<a href="x">T&C</a>',
  u: 'a b/é?&=ü',
  n: 7,
  f: 2.5,
  q: 'It\'s "quoted" -- ok',
  fmt: '{0}-{1}!',
};

describe('core formatters and predicates', () => {
  it.each([
    ['{items|find-first a|json}', '{"a":1,"n":"y"}'],
    ['{items|find-last a|json}', '{"a":2,"n":"z"}'],
    ['{items|find-first|json}', '{"a":0,"n":"x"}'],
    ['{items|find-last|json}', '{"a":2,"n":"z"}'],
    ['{keys|find-first tbl ok}', 'y'],
    ['{keys|find-last tbl ok}', 'z'],
    ['{s|line-breaks}', 'a<br/>b<br/>c'],
    ['{h|html}', '&lt;a href="x"&gt;T&amp;C&lt;/a&gt;'],
    ['{h|htmlattr}', '&lt;a href=&quot;x&quot;&gt;T&amp;C&lt;/a&gt;'],
    ['{h|htmltag}', '&lt;a href=&quot;x&quot;&gt;T&amp;C&lt;/a&gt;'],
    ['{h|safe}', 'T&C'],
    ['{u|url-encode}', 'a%20b/%C3%A9%3F%26%3D%C3%BC'],
    ['{u|encode-uri}', 'a%20b/%C3%A9?&=%C3%BC'],
    ['{u|encode-uri-component}', 'a%20b%2F%C3%A9%3F%26%3D%C3%BC'],
    ['{u|encode-space}', 'a&nbsp;b/é?&=ü'],
    ['{h|json}', '"<a href=\\"x\\">T&C<\\/a>"'],
    ['{items|key-by n|json}', '{"x":{"a":0,"n":"x"},"y":{"a":1,"n":"y"},"z":{"a":2,"n":"z"}}'],
    ['{items|count}', '3'],
    ['{tbl|count}', '3'],
    ['{s|count}', '5'],
    ['{n|count}', '0'],
    ['{n|mod 4}', '3'],
    ['{n|mod}', '1'],
    ['{f|round}', '3'],
    ['{n|pluralize}', 's'],
    ['{n|pluralize y ies}', 'ies'],
    ['{n|pluralize s}', 's'],
    ['{n|cycle a b c}', 'a'],
    ['{q|smartypants}', 'It’s “quoted” — ok'],
    ['{h|slugify}', 'a-hrefxtca'],
    ['{h|truncate 8}', '<a ...'],
    ['{h|truncate 8 ~}', '<a ~'],
    ['{n|str}', '7'],
    ['{tbl|str}', ''],
    ['{tbl|raw}', '{"x":{"ok":false},"y":{"ok":true},"z":{"ok":true}}'],
    ['{nope|raw}', 'null'],
    ['{nope|json}', ''],
    ['{items.0|json-pretty}', '{\n  "a": 0,\n  "n": "x"\n}'],
    ['{n|output a b}', 'a b'],
    ['{tbl|get keys.1}', ''],
    ['{tbl|prop y ok}', 'true'],
    ['{n|lookup keys.0}', ''],
    ['{.repeated section keys}{@|iter}{.end}', '123'],
    ['{.even? n}E{.or}O{.end}{.odd? n}O{.end}{.nth? n 7}N{.end}{.plural? }P{.end}', 'OON'],
    ['{.section n}{.singular?}S{.or}M{.end}{.greaterThan? 5}G{.end}{.lessThanOrEqual? 7}L{.end}{.equal? 7}E{.end}{.notEqual? "7"}NE{.end}{.end}', 'MGLENE'],
    ['{.equal? items.0 items.0}EQ{.end}{.equal? nope null}MN{.end}{.greaterThan? f 2}GF{.end}{.lessThan? s "b"}LS{.end}', 'EQMNGFLS'],
    ['{fmt|format n f}', '7-2.5!'],
    ['{fmt|format n missing}', '7-!'],
  ])('%s', (template, expected) => {
    const r = engine.render(template, { json });
    expect(r.errors).toEqual([]);
    expect(r.output).toBe(expected);
  });
});
