import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from './schemas.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { AppError, ERROR_STATUS, GENERIC_ERROR_MESSAGE, validationFailed } from '../errors/index.js';
import { toErrorResponse } from './errors.js';

describe('toErrorResponse', () => {
  it.each(Object.entries(ERROR_STATUS))('maps AppError code %s to HTTP %i', (code, status) => {
    const response = toErrorResponse(new AppError(code as keyof typeof ERROR_STATUS, 'msg'));
    expect(response).toMatchObject({ status, code, message: 'msg', unexpected: false });
  });

  it('hides unknown errors behind a generic message', () => {
    expect(toErrorResponse(new Error('secret table users'))).toMatchObject({
      status: 500,
      code: 'INTERNAL',
      message: GENERIC_ERROR_MESSAGE,
      unexpected: true,
    });
    expect(toErrorResponse('a string')).toMatchObject({ status: 500, unexpected: true });
    expect(toErrorResponse(null)).toMatchObject({ status: 500, unexpected: true });
  });

  it('keeps per-field errors in the body', () => {
    expect(toErrorResponse(validationFailed('Check the form.', { f1: 'Required' })).body).toEqual({ errors: { f1: 'Required' } });
  });
});

describe('the one error handler', () => {
  let t: TestApp;
  let host: string;
  const lines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    t = await createTestApp({
      config: { logLevel: 'error' },
      logStream,
      setup: (app) => {
        app.get('/api/test/boom', async () => {
          throw new Error('database password is hunter2');
        });
        app.get('/api/test/stock', async () => {
          throw new AppError('INSUFFICIENT_STOCK', 'Sorry, we do not have enough of that item available.', {
            body: { available: 0 },
          });
        });
        app.get('/test/boom', async () => {
          throw new TypeError('x is undefined');
        });
        app.get(
          '/api/test/schema',
          { schema: { querystring: z.object({ itemId: z.string({ error: 'itemId is required.' }), quantity: z.coerce.number().int().optional() }) } },
          async () => ({}),
        );
      },
    });
    host = t.hostOf(await t.createSite({ identifier: 'errors', title: 'Errors' }));
  });
  afterAll(() => t.close());

  it('answers an unexpected API error with 500, a generic message and no stack, and logs it with the request id', async () => {
    const response = await t.app.inject({ url: '/api/test/boom', headers: { host, 'x-request-id': 'req-123' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'INTERNAL', message: GENERIC_ERROR_MESSAGE });
    expect(response.body).not.toContain('hunter2');
    expect(response.headers['x-request-id']).toBe('req-123');
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.reqId === 'req-123');
    expect(logged?.msg).toBe('unhandled error');
    expect(JSON.stringify(logged)).toContain('hunter2');
  });

  it('answers an unexpected page error with an HTML 500 page', async () => {
    const response = await t.app.inject({ url: '/test/boom', headers: { host, accept: 'text/html' } });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(GENERIC_ERROR_MESSAGE);
    expect(response.body).not.toContain('x is undefined');
  });

  it('sends an AppError with its status, code, message and body fields', async () => {
    const response = await t.app.inject({ url: '/api/test/stock', headers: { host } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'INSUFFICIENT_STOCK',
      message: 'Sorry, we do not have enough of that item available.',
      available: 0,
    });
  });

  it('maps schema validation failures to 400 VALIDATION_FAILED', async () => {
    const response = await t.app.inject({ url: '/api/test/schema?quantity=two', headers: { host } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_FAILED', message: 'itemId is required.' });
    expect(response.json().fields).toMatchObject({ itemId: 'itemId is required.' });
    expect(Object.keys(response.json().fields)).toEqual(['itemId', 'quantity']);
  });

  it('generates a request id when the incoming one is malformed', async () => {
    const response = await t.app.inject({ url: '/api/test/stock', headers: { host, 'x-request-id': 'bad id with spaces' } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
