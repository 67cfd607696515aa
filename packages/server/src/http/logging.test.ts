import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

describe('access log', () => {
  let t: TestApp;
  let host: string;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        callback();
      },
    });
    t = await createTestApp({ config: { logLevel: 'info' }, logStream });
    host = t.hostOf(await t.createSite({ identifier: 'access-log', title: 'Access log' }));
  });
  afterAll(() => t.close());

  it('writes one line per request with method, host, url, status, time and request id, and no cookies', async () => {
    lines.length = 0;
    const response = await t.app.inject({
      url: '/api/commerce/shopping-cart?x=1',
      headers: { host, 'x-request-id': 'log-1', cookie: 'crumb=secretcrumbvalue0123' },
    });
    expect(response.statusCode).toBe(200);
    const mine = lines.filter((l) => l.reqId === 'log-1');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request completed', method: 'GET', host, url: '/api/commerce/shopping-cart?x=1', statusCode: 200 });
    expect(typeof mine[0]!.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secretcrumbvalue0123');
  });

  it('logs refused requests too (404 for an unknown host)', async () => {
    lines.length = 0;
    const response = await t.app.inject({ url: '/', headers: { host: 'nobody.example', 'x-request-id': 'log-2' } });
    expect(response.statusCode).toBe(404);
    expect(lines.filter((l) => l.reqId === 'log-2')).toEqual([expect.objectContaining({ msg: 'request completed', statusCode: 404 })]);
  });
});
