import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/test-app.js';
import { findInputProblem, inputProblemMessage, isStorableText, MAX_INPUT_DEPTH } from './input-guard.js';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

describe('isStorableText', () => {
  it.each([
    ['plain text', 'Linen shirt', true],
    ['an empty string', '', true],
    ['a paired surrogate (emoji)', 'thread 🧵', true],
    ['a NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'a\ud800b', false],
    ['a lone high surrogate at the end', 'ab\ud83e', false],
    ['a lone low surrogate', '\udc00ab', false],
    ['two high surrogates', '\ud800\ud800\udc00', false],
  ])('%s -> %s', (_name, text, expected) => {
    expect(isStorableText(text)).toBe(expected);
  });
});

describe('findInputProblem', () => {
  it('accepts well-formed values of every JSON kind', () => {
    expect(findInputProblem({ a: [1, true, null, 'x', { b: '🧵' }], c: 2.5 }, 'body')).toBeNull();
    expect(findInputProblem(undefined, 'body')).toBeNull();
    expect(findInputProblem('text', 'body')).toBeNull();
  });

  it('leaves values other than strings, arrays and plain objects alone', () => {
    expect(findInputProblem({ raw: Buffer.from([0, 0xed, 0xa0, 0x80]), when: new Date(0) }, 'body')).toBeNull();
  });

  it('names the path of a bad string inside objects and arrays', () => {
    expect(findInputProblem({ lines: [{ sku: 'ok' }, { sku: 'x\u0000' }] }, 'body')).toEqual({ field: 'body.lines[1].sku', reason: 'nul' });
    expect(findInputProblem({ q: 'a\udfff' }, 'query')).toEqual({ field: 'query.q', reason: 'surrogate' });
    expect(findInputProblem('\u0000', 'body')).toEqual({ field: 'body', reason: 'nul' });
  });

  it('checks object keys and shows odd keys escaped and cut', () => {
    expect(findInputProblem({ a: { 'k\u0000': 1 } }, 'body')).toEqual({ field: 'body.a["k\\u0000"]', reason: 'nul' });
    expect(findInputProblem({ '*': 'x\ud800' }, 'params')).toEqual({ field: 'params["*"]', reason: 'surrogate' });
    const long = `${'k'.repeat(100)}\u0000`;
    expect(findInputProblem({ [long]: 1 }, 'body')!.field).toBe(`body["${'k'.repeat(40)}…"]`);
  });

  it(`accepts nesting up to ${MAX_INPUT_DEPTH} levels and refuses one more`, () => {
    expect(findInputProblem(nested(MAX_INPUT_DEPTH), 'body')).toBeNull();
    expect(findInputProblem(nested(MAX_INPUT_DEPTH + 1), 'body')).toMatchObject({ reason: 'depth' });
  });

  it('walks a body nested 100 000 deep without overflowing the stack', () => {
    expect(findInputProblem(nested(100_000), 'body')).toMatchObject({ reason: 'depth' });
  });

  it('explains each problem with the field it was found in', () => {
    expect(inputProblemMessage({ field: 'body.code', reason: 'nul' })).toBe('body.code contains a NUL character (U+0000), which is not accepted in text.');
    expect(inputProblemMessage({ field: 'query.q', reason: 'surrogate' })).toBe('query.q contains an unpaired UTF-16 surrogate, which is not valid text.');
    expect(inputProblemMessage({ field: 'body.a', reason: 'depth' })).toBe(`body.a is nested more than ${MAX_INPUT_DEPTH} levels deep.`);
  });
});

describe('the input guard on every route', () => {
  it('refuses bad text in params, query, JSON, form and plain-text bodies, and drops bad cookies', async () => {
    const t = await createTestApp({
      setup: (app) => {
        app.get('/api/test/echo/:id', async (request) => ({ params: request.params, query: request.query, cookies: request.cookies }));
        app.post('/api/test/echo', { config: { crumb: false } }, async (request) => ({ body: request.body }));
      },
    });
    try {
      const site = await t.createSite({ identifier: 'guard', title: 'Guard' });
      const host = t.hostOf(site);
      const get = (url: string, cookie = '') => t.app.inject({ url, headers: { host, cookie } });
      const post = (payload: string, type: string) => t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { host, 'content-type': type }, payload });

      expect((await get('/api/test/echo/a%00b')).json()).toMatchObject({ error: 'INVALID_INPUT', field: 'params.id' });
      expect((await get('/api/test/echo/ok?tag=%00')).json()).toMatchObject({ error: 'INVALID_INPUT', field: 'query.tag' });
      expect((await get('/api/test/echo/ok?tag=a&tag=%00')).json()).toMatchObject({ error: 'INVALID_INPUT', field: 'query.tag[1]' });
      expect((await post('{"a":"\\ud800"}', 'application/json')).json()).toMatchObject({ error: 'INVALID_INPUT', field: 'body.a' });
      expect((await post('name=a%00', 'application/x-www-form-urlencoded')).json()).toMatchObject({ error: 'INVALID_INPUT', field: 'body.name' });
      expect((await post('a\u0000', 'text/plain')).json()).toMatchObject({ error: 'INVALID_INPUT', field: 'body' });
      expect((await post(`{"a":${nested(40) === null ? '' : JSON.stringify(nested(40))}}`, 'application/json')).statusCode).toBe(400);
      expect((await post('{"a":"fine 🧵"}', 'application/json')).json()).toEqual({ body: { a: 'fine 🧵' } });

      const withCookies = await get('/api/test/echo/ok', 'bad=%00; also=%ED%A0%80; good=yes');
      expect(withCookies.statusCode).toBe(200);
      expect(withCookies.json().cookies).toEqual({ also: '%ED%A0%80', good: 'yes' });
      const nulCookie = await get('/api/test/echo/ok', 'bad=a%00b; good=yes');
      expect(nulCookie.json().cookies).toEqual({ good: 'yes' });
    } finally {
      await t.close();
    }
  });
});
