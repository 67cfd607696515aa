import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBodyParsers } from './body-parsers.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ bodyLimit: 1024 });
  await registerBodyParsers(app);
  app.post('/echo', async (request) => ({ body: request.body, inherits: 'toString' in (request.body as object) }));
  await app.ready();
});

afterAll(() => app.close());

const post = (payload: string) => app.inject({ method: 'POST', url: '/echo', payload, headers: FORM });

describe('form-encoded bodies', () => {
  it('parse into a prototype-free map; repeated keys keep the last value; + is a space', async () => {
    const response = await post('crumb=abc&event=view&a=1&a=2&data=x+y%21');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ body: { crumb: 'abc', event: 'view', a: '2', data: 'x y!' }, inherits: false });
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuse a %s key with 400', async (key) => {
    const response = await post(`${key}=1&crumb=x`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Request body contains a forbidden key.');
  });

  it('answer 413 past the server body limit', async () => {
    expect((await post(`data=${'x'.repeat(2048)}`)).statusCode).toBe(413);
  });
});
