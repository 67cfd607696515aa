import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './cli.js';
import { caseInputs, parseCaseFile } from './case-file.js';

function capture(): { text: () => string } {
  let buf = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => {
    buf += String(s);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => {
    buf += String(s);
    return true;
  });
  return { text: () => buf };
}

describe('case files', () => {
  it('splits sections and ignores text before the first header', () => {
    const s = parseCaseFile('preamble\n:TEMPLATE\n{a}\n:JSON\n{"a": 1}\n:PARAMS\n{"locale":"fr-FR","now":5}\n:OUTPUT\n1\n');
    expect(s['TEMPLATE']).toBe('{a}');
    const input = caseInputs(s);
    expect(input).toMatchObject({ template: '{a}', json: { a: 1 }, locale: 'fr-FR', now: 5, expected: '1\n' });
  });
  it('reads PROPERTIES and decodes INJECT values', () => {
    const s = parseCaseFile(':TEMPLATE\nx\n:PROPERTIES\nlocale=de\nnow: 7\n:INJECT\n{"f.json": "{\\"n\\": 1}"}\n');
    expect(caseInputs(s)).toMatchObject({ locale: 'de', now: 7, injects: { 'f.json': { n: 1 } } });
  });
  it('keeps context and injected numbers as written', () => {
    const s = parseCaseFile(':TEMPLATE\n{n}\n:JSON\n{"n": 1.0}\n:INJECT\n{"f.json": "[2.50]"}\n');
    const input = caseInputs(s);
    expect(String((input.json as { n: unknown }).n)).toBe('1.0');
    expect(String((input.injects['f.json'] as unknown[])[0])).toBe('2.50');
  });
  it('reports malformed JSON sections clearly', () => {
    expect(() => caseInputs(parseCaseFile(':TEMPLATE\nx\n:JSON\n{oops\n'))).toThrow(/section :JSON is not valid JSON/);
  });
});

describe('cli', () => {
  afterEach(() => vi.restoreAllMocks());
  const dir = mkdtempSync(join(tmpdir(), 'tpl-cli-'));
  writeFileSync(join(dir, 'ok.html'), ':TEMPLATE\nHi {name}\n:JSON\n{"name":"A"}\n:OUTPUT\nHi A\n');
  writeFileSync(join(dir, 'bad.html'), ':TEMPLATE\n{name}\n:JSON\n{"name":"B"}\n:OUTPUT\nC\n');

  it('check prints failures and a summary', () => {
    const out = capture();
    expect(main(['check', dir])).toBe(1);
    expect(out.text()).toContain(`FAIL ${join(dir, 'bad.html')}`);
    expect(out.text()).toContain('1 passed, 1 failed');
  });
  it('render prints the output of a case file', () => {
    const out = capture();
    expect(main(['render', join(dir, 'ok.html')])).toBe(0);
    expect(out.text()).toBe('Hi A\n');
  });
  it('render reads a --json context keeping numbers as written', () => {
    writeFileSync(join(dir, 'plain.tpl'), '{n} {.section z}yes{.or}no{.end}');
    writeFileSync(join(dir, 'ctx.json'), '{"n": 17.0, "z": 0.0}');
    const out = capture();
    expect(main(['render', join(dir, 'plain.tpl'), '--json', join(dir, 'ctx.json')])).toBe(0);
    expect(out.text()).toBe('17.0 no\n');
  });
  it('bench prints executions per second', () => {
    const out = capture();
    expect(main(['bench', dir, '--iterations', '3'])).toBe(0);
    expect(out.text()).toMatch(/2 cases x 3 iterations = 6 executions in [\d.]+ s: \d+ executions\/sec/);
  });
  it('rejects unknown commands with usage', () => {
    const out = capture();
    expect(main(['nope'])).toBe(2);
    expect(out.text()).toContain('usage:');
  });
});
