import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, UNABLE_TO_CONNECT } from './http.js';

// Spec 8 "Setup and UI": 'Unable to connect. Please try again' when the server cannot be reached.
describe('api', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function stubBrowser(fetch: () => Promise<Response>) {
    vi.stubGlobal('document', { cookie: 'crumb=abc' });
    vi.stubGlobal('window', { location: { pathname: '/sites/demo/orders' } });
    vi.stubGlobal('fetch', vi.fn(fetch));
  }

  it('says it cannot connect when the request never reaches the server', async () => {
    stubBrowser(() => Promise.reject(new TypeError('Failed to fetch')));
    const failure = await api('/api/owner/orders').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(0);
    expect((failure as ApiError).message).toBe(UNABLE_TO_CONNECT);
    expect(UNABLE_TO_CONNECT).toBe('Unable to connect. Please try again');
  });

  it("shows the server's own message when it answers with an error", async () => {
    stubBrowser(() => Promise.resolve(new Response(JSON.stringify({ message: 'No such order on this site.' }), { status: 404 })));
    const failure = await api('/api/owner/orders/x').catch((error: unknown) => error);
    expect((failure as ApiError).message).toBe('No such order on this site.');
  });
});
