import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { table } from './plugin-api.js';

const engine = new Engine();
const render = (source: string, json: unknown = {}, extra: Record<string, unknown> = {}) => engine.render(source, { json, ...extra });
const out = (source: string, json: unknown = {}, extra: Record<string, unknown> = {}) => render(source, json, extra).output;
const messages = (source: string, json: unknown = {}) => render(source, json).errors.map((e) => e.message);

describe('variables', () => {
  it('prints values with String() rules', () => {
    expect(out('{a}|{b}|{c}|{d}|{e}|{f}', { a: 'x', b: 1.5, c: true, d: null, e: { k: 1 }, f: [1, null, 'y'] })).toBe('x|1.5|true|||1,null,y');
  });
  it('resolves dotted and numeric paths, searching outward for the first segment', () => {
    const json = { a: { b: [{ c: 'deep' }] }, top: 'T', s: { inner: 1 } };
    expect(out('{a.b.0.c}{.section s}{top}{inner}{.end}', json)).toBe('deepT1');
  });
  it('supports @, @index and @index0', () => {
    expect(out('{.repeated section xs}{@index}:{@index0}:{@} {.end}', { xs: ['a', 'b'] })).toBe('1:0:a 2:1:b ');
  });
  it('reads own properties only', () => {
    expect(out('{constructor}{a.constructor}{toString}', { a: {} })).toBe('');
    expect(out('{a.length}', { a: [1, 2] })).toBe('');
  });
  it('leaves tags that do not parse as literal text', () => {
    expect(out('{ a }{a b}{a|}{}{.bogus}', { a: 1 })).toBe('{ a }{a b}{a|}{}{.bogus}');
  });
  it('uses the last { before a } as the tag start', () => {
    expect(out('{{a}}', { a: 1 })).toBe('{1}');
  });
});

describe('formatters', () => {
  it('applies chains with arguments; the first character after the name is the delimiter', () => {
    expect(out('{a|truncate 5|html}', { a: '<b>abcdefgh' })).toBe('&lt;b&gt;ab...');
    expect(out('{a|cycle:x:y:z}', { a: 2 })).toBe('y');
  });
  it('reports unknown formatters as SyntaxError and keeps the tag as text', () => {
    const r = render('{a|nope}', { a: 1 });
    expect(r.output).toBe('{a|nope}');
    expect(r.errors).toEqual([{ type: 'SyntaxError', message: "Formatter 'nope' is unknown", line: 1, column: 1 }]);
  });
  it('passes several variables to one formatter', () => {
    const e = new Engine({
      formatters: table({ join: { apply: (_a, vars) => vars[0]?.set(vars.map((v) => String(v.value)).join('+')) } }),
    });
    expect(e.render('{a, b|join}', { json: { a: 1, b: 2 } }).output).toBe('1+2');
  });
  it('custom formatters and predicates can be registered', () => {
    const e = new Engine();
    e.addFormatter('shout', { apply: (_a, vars) => vars[0]?.set(String(vars[0].value).toUpperCase() + '!') });
    e.addPredicate('big?', { apply: (args, ctx) => Number(ctx.resolve(args[0] ?? '@')) > 10 });
    expect(e.render('{a|shout}{.big? n}B{.or}S{.end}', { json: { a: 'hi', n: 11 } }).output).toBe('HI!B');
    expect(() => e.addFormatter('bad name', { apply: () => undefined })).toThrow(/Invalid formatter name/);
    expect(() => e.addPredicate('noquestion', { apply: () => true })).toThrow(/Invalid predicate name/);
  });
  it('records a RuntimeError when a formatter throws', () => {
    const e = new Engine();
    e.addFormatter('boom', {
      apply: () => {
        throw new TypeError('bad');
      },
    });
    const r = e.render('x\n {a|boom}', { json: { a: 1 } });
    expect(r.errors).toEqual([{ type: 'RuntimeError', message: 'Unexpected TypeError error when executing VARIABLE: bad', line: 2, column: 2 }]);
  });
});

describe('sections', () => {
  it('.section enters truthy nodes and runs .or otherwise', () => {
    expect(out('{.section a}[{b}]{.or}none{.end}', { a: { b: 1 } })).toBe('[1]');
    for (const falsy of [null, 0, '', [], {}, false]) expect(out('{.section a}yes{.or}no{.end}', { a: falsy })).toBe('no');
  });
  it('.section resolves its first segment in the current frame only', () => {
    expect(out('{.section a}{.section b}in{.or}out{.end}{.end}', { a: { x: 1 }, b: 1 })).toBe('out');
  });
  it('.repeated section iterates with .alternates with between items', () => {
    expect(out('{.repeated section xs}{@}{.alternates with}, {.end}', { xs: [1, 2, 3] })).toBe('1, 2, 3');
    expect(out('{.repeated section xs}{@}{.or}empty{.end}', { xs: [] })).toBe('empty');
    expect(out('{.repeated section xs}{@}{.or}empty{.end}', { xs: 'str' })).toBe('empty');
  });
});

describe('predicates and .if', () => {
  it('chains .or with predicates', () => {
    const t = '{.equal? n 1}one{.or equal? n 2}two{.or}many{.end}';
    expect([1, 2, 3].map((n) => out(t, { n }))).toEqual(['one', 'two', 'many']);
  });
  it('predicates whose names begin with a keyword are predicates, not keywords', () => {
    const e = new Engine();
    e.addPredicate('endsWith?', { apply: (args, ctx) => String(ctx.resolve('@')).endsWith(args[0] ?? '') });
    e.addPredicate('section?', { apply: () => true });
    e.addPredicate('or-else?', { apply: () => false });
    const t = '{.section s}{.endsWith? z}Z{.or section?}S{.end}{.end}|{.or-else?}A{.or}B{.end}';
    expect(e.render(t, { json: { s: 'abz' } }).output).toBe('Z|B');
    expect(e.render(t, { json: { s: 'abc' } }).output).toBe('S|B');
    expect(e.render('{.endx}{.sectionx a}', { json: {} }).output).toBe('{.endx}{.sectionx a}');
  });
  it('an unknown predicate is recorded and evaluates false', () => {
    const r = render('{.nope? a}yes{.or}no{.end}');
    expect(r.output).toBe('no');
    expect(r.errors[0]).toMatchObject({ type: 'SyntaxError', message: "Predicate 'nope?' is unknown" });
  });
  it('.if combines variables with || and &&', () => {
    expect(out('{.if a || b}T{.or}F{.end}', { a: 0, b: 1 })).toBe('T');
    expect(out('{.if a && b}T{.or}F{.end}', { a: 1, b: 0 })).toBe('F');
    expect(out('{.if equal? a 1}T{.or}F{.end}', { a: 1 })).toBe('T');
  });
  it('an .if without a condition runs neither branch and is reported', () => {
    const r = render('{.if }T{.or}F{.end}');
    expect(r.output).toBe('');
    expect(r.errors.map((e) => e.message)).toEqual(['IF instruction has no condition; neither branch runs']);
  });
  it('.ctx binds missing paths as null', () => {
    expect(out('{.ctx @v k=nope}{@v|json}')).toBe('{"k":null}');
  });
  it('.or after an unconditional .or is dead code, reported, and its text joins the previous branch', () => {
    const r = render('{.if a}A{.or}B{.or}C{.end}', { a: false });
    expect(r.output).toBe('BC');
    expect(r.errors.map((e) => e.message)).toEqual(['This OR_PREDICATE block will never execute.']);
  });
});

describe('variables, context and macros', () => {
  it('.var binds formatted values', () => {
    expect(out('{.var @x a|html}{@x}', { a: '<' })).toBe('&lt;');
  });
  it('.ctx builds an object from bindings', () => {
    expect(out('{.ctx @p w=a.b h=c}{@p.w}x{@p.h}', { a: { b: 3 }, c: 4 })).toBe('3x4');
  });
  it('.macro with apply renders against the value; private blocks outer lookups', () => {
    expect(out('{.macro m}{name}/{outer}{.end}{p|apply m}', { p: { name: 'n' }, outer: 'o' })).toBe('n/o');
    expect(out('{.macro m}{name}/{outer}{.end}{p|apply m private}', { p: { name: 'n' }, outer: 'o' })).toBe('n/');
    expect(out('{.macro m}{@args.k}{.end}{@|apply m k=v}')).toBe('v');
  });
  it('.include runs a macro or partial inline, output suppressed unless asked', () => {
    expect(out('{.macro m}{.var @w a}hidden{.end}{.include m}{@w}', { a: 5 })).toBe('5');
    expect(out('{.include p output}', {}, { partials: { p: 'shown' } })).toBe('shown');
  });
  it('.inject binds injected values', () => {
    expect(out('{.inject @f file.json}{@f.name}', {}, { injects: { 'file.json': { name: 'x' } } })).toBe('x');
  });
  it('emits special characters and drops comments', () => {
    expect(out('{.meta-left}{.meta-right}{.space}{.tab}{.newline}{# c}{## multi\n ##}.')).toBe('{} \t\n.');
  });
});

describe('partials', () => {
  it('applies partials by name and reports missing ones', () => {
    expect(out('{a|apply p}', { a: { x: 1 } }, { partials: { p: '<{x}>' } })).toBe('<1>');
    expect(messages('{a|apply nope}')).toEqual(["Attempt to apply partial 'nope' which could not be found."]);
  });
  it('limits nesting to 16', () => {
    const r = render('{@|apply p}', {}, { partials: { p: 'x{@|apply p}' } });
    expect(r.output).toBe('x'.repeat(16));
    expect(r.errors.map((e) => e.message)).toContain("Attempt to apply partial 'p' exceeded maximum recursion depth of 16");
  });
  it('a partial that fails to parse reports its errors and renders nothing', () => {
    const r = render('[{@|apply p}]', {}, { partials: { p: '{a|nope}' } });
    expect(r.output).toBe('[]');
    expect(r.errors[0]?.message).toBe(`Parse of partial "p" failed: SyntaxError: Formatter 'nope' is unknown`);
  });
  it('accepts compiled templates as partials', () => {
    const { template } = engine.compile('<{@}>');
    expect(out('{a|apply p}', { a: 1 }, { partials: { p: template } })).toBe('<1>');
  });
});

describe('assembly errors', () => {
  it.each([
    ['{.section a}x', ['Reached EOF in the middle of SECTION', 'Unclosed SECTION']],
    ['{.end}', ['Instruction END not allowed at root']],
    ['{.or}', ['Instruction OR_PREDICATE not allowed at root']],
    ['{.alternates with}', ['Instruction ALTERNATES_WITH not allowed at root']],
    ['{.section a}{.alternates with}{.end}', ['ALTERNATES_WITH instruction is not allowed inside SECTION block.']],
    ['{.macro m}{.or}{.end}', ['OR_PREDICATE instruction is not allowed inside MACRO block.']],
    ['{.repeated section a}{.alternates with}{.alternates with}{.end}', ['ALTERNATES_WITH instruction is not allowed inside REPEATED block.']],
    ['{.eof}x', ['TEXT Attempt to transition from the EOF state.']],
  ])('%s', (source, expected) => {
    const r = engine.compile(source);
    expect(r.errors.map((e) => e.message)).toEqual(expected);
    expect(r.errors.every((e) => e.type === 'SyntaxError')).toBe(true);
  });
  it('positions errors at the tag (line, column)', () => {
    expect(engine.compile('ab\n  {.end}').errors[0]).toMatchObject({ line: 2, column: 3 });
  });
});

describe('engine API', () => {
  it('compiled templates are reusable plain JSON', () => {
    const { template } = engine.compile('{a}');
    const copy = JSON.parse(JSON.stringify(template)) as typeof template;
    expect(engine.render(copy, { json: { a: 1 } }).output).toBe('1');
    expect(engine.render(template, { json: { a: 2 } }).output).toBe('2');
  });
  it('exposes time zone, locale and now to plugins', () => {
    const e = new Engine();
    let seen: unknown[] = [];
    e.addFormatter('probe', { apply: (_a, _v, ctx) => void (seen = [ctx.timeZone, ctx.locale, ctx.now, ctx.cldr]) });
    e.render('{a|probe}', { json: { website: { timeZone: 'Europe/Paris' } }, locale: 'fr-FR', now: 5 });
    expect(seen).toEqual(['Europe/Paris', 'fr-FR', 5, undefined]);
    e.render('{a|probe}', { json: {} });
    expect(seen[0]).toBe('America/New_York');
  });
  it('renders one after another without sharing errors, partials or values', () => {
    const e = new Engine();
    const failed = e.render('{a|apply p}{a}', { json: { a: 1 } });
    expect(failed.errors.map((x) => x.message)).toHaveLength(1);
    const ok = e.render('{@|apply p}{a|html}', { json: { a: 2 }, partials: { p: 'P{a}' } });
    expect(ok).toEqual({ output: 'P22', errors: [] });
    expect(failed.errors).toHaveLength(1);
    expect(e.render('{a|html}', { json: {} }).output).toBe('');
  });
  it('a plugin may render again, on the same engine or through the context, while its tag runs', () => {
    const e = new Engine();
    e.addFormatter('inner', { apply: (_a, v, ctx) => v[0]?.set(`[${ctx.renderTemplate('{b|html}-{c|json}', v[0].value)}]`) });
    e.addFormatter('again', { apply: (_a, v) => v[0]?.set(e.render('{x|html}', { json: { x: v[0].value } }).output) });
    expect(e.render('{a|inner|again}{a.b|html}', { json: { a: { b: '<', c: 1 } } }).output).toBe('[&amp;lt;-1]&lt;');
  });
  it('returns an error instead of throwing for non-string source', () => {
    expect(engine.compile(42 as unknown as string).errors[0]?.message).toBe('Template source must be a string');
  });
});

describe('eval expressions', () => {
  it('compile on first execution into the instruction, and the stored form runs again', () => {
    const { template, errors } = engine.compile('{.eval 1 + 2 * 3}');
    expect(errors).toEqual([]);
    const inst = template[2][0] as unknown[];
    expect(inst[2]).toBeNull();
    expect(engine.render(template).output).toBe('7');
    expect(inst[2]).not.toBeNull();
    const copy = JSON.parse(JSON.stringify(template));
    expect(engine.render(copy).output).toBe('7');
    expect(engine.render(template).output).toBe('7');
  });
  it('report parse errors on every render', () => {
    const { template } = engine.compile('{.eval 1 +}');
    const first = engine.render(template).errors.map((e) => e.message);
    expect(first.length).toBeGreaterThan(0);
    expect(engine.render(template).errors.map((e) => e.message)).toEqual(first);
  });
  it('count tokens against the limit of the engine that runs them', () => {
    const small = new Engine({ limits: { maxTokens: 3 } });
    const { template } = small.compile('{.eval 1 + 2 + 3}');
    expect(small.render(template).errors.length).toBeGreaterThan(0);
  });
});
