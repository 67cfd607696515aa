import { describe, expect, it, vi } from 'vitest';
import { FakeStorage } from './test-browser.js';
import { callEvent, eventContent, firstPurchaseReport, pageEvent, sourceEnvironment, trackEvent, type EventContext } from './visitor-events.js';
import type { Transport } from './transport.js';

const context: EventContext = {
  analyticsId: 'a-1',
  marketingId: 'm-1',
  sessionId: 's-1',
  websiteId: 'w-1',
  websiteLocale: 'en-US',
  location: { hostname: 'demo.localhost', pathname: '/shop/linen-camp-shirt', search: '?utm_source=mail' },
  referrer: 'https://search.example/',
  language: 'en-GB',
  viewport: { width: 1280, height: 720 },
  userAgent: 'Mozilla/5.0',
  now: 1_700_000_000_000,
};

function transport(cookies: string, status = 202) {
  const fetch = vi.fn(async () => new Response(null, { status }));
  const t: Transport = { fetch: fetch as unknown as typeof globalThis.fetch, cookies: () => cookies, warn: vi.fn() };
  return { t, fetch };
}

describe('visitor-metrics events (spec 7, newer client of spec 3)', () => {
  it('fills the newer-client fields of eventContent', () => {
    expect(eventContent(context, 'item-1')).toEqual({
      analytics_id: 'a-1',
      browser_language: 'en-GB',
      browser_locale: 'en-GB',
      browser_window_height: 720,
      browser_window_width: 1280,
      client_name: 'emporium-storefront',
      client_version: '1',
      marketing_id: 'm-1',
      page_host: 'demo.localhost',
      page_path: '/shop/linen-camp-shirt',
      page_query_params: 'utm_source=mail',
      page_referrer_url: 'https://search.example/',
      session_id: 's-1',
      enduser_user_agent: 'Mozilla/5.0',
      event_occurrence_timestamp: 1_700_000_000_000,
      source_environment: 'dev',
      context_website_id: 'w-1',
      website_locale: 'en-US',
      object_identifier: 'item-1',
    });
    const bare = eventContent({ ...context, marketingId: undefined, sessionId: undefined, referrer: '', location: { ...context.location, search: '' } });
    expect(Object.keys(bare)).not.toEqual(
      expect.arrayContaining(['marketing_id', 'session_id', 'page_referrer_url', 'page_query_params', 'object_identifier']),
    );
  });

  it.each([
    ['demo.localhost', 'dev'],
    ['shop.qa.example.com', 'qa'],
    ['shop.staging.example.com', 'staging'],
    ['shop.example.com', 'prod'],
  ])('puts %s in the %s environment', (host, env) => {
    expect(sourceEnvironment(host)).toBe(env);
  });

  it('posts eventContent as a JSON string with eventSchemaName, accepted on 202', async () => {
    const { t, fetch } = transport('ss_cvr=0123456789abcdef; crumb=c');
    await expect(trackEvent(t, 'add_to_cart', { page_host: 'h', page_path: '/' })).resolves.toBe(true);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/clanker/events');
    expect(JSON.parse(init.body as string)).toEqual({ eventContent: JSON.stringify({ page_host: 'h', page_path: '/' }), eventSchemaName: 'add_to_cart' });
  });

  it('sends nothing without the ss_cvr cookie (spec 7)', async () => {
    const { t, fetch } = transport('crumb=c');
    await expect(trackEvent(t, 'product_view', { page_host: 'h', page_path: '/' })).resolves.toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("refuses an event without content with 'no payload' (spec 8)", async () => {
    const { t } = transport('ss_cvr=0123456789abcdef');
    await expect(trackEvent(t, 'purchase', null)).rejects.toThrow('no payload');
    await expect(trackEvent(t, 'purchase', {})).rejects.toThrow('no payload');
  });

  it('tells a product page, the checkout and an order confirmation from their markup', () => {
    expect(pageEvent({ pathname: '/shop/p', bodyClass: 'page-type-50 view-item', itemId: 'i-1', recordType: '11' })).toEqual({
      name: 'product_view',
      objectId: 'i-1',
    });
    expect(pageEvent({ pathname: '/blog/post', bodyClass: 'page-type-50 view-item', itemId: 'i-2', recordType: '1' })).toBeNull();
    expect(pageEvent({ pathname: '/checkout', bodyClass: 'page-type-201' })).toEqual({ name: 'checkout_start' });
    expect(pageEvent({ pathname: '/checkout/order-confirmed/ord-9', bodyClass: 'page-type-202' })).toEqual({ name: 'purchase', objectId: 'ord-9' });
    expect(pageEvent({ pathname: '/', bodyClass: 'page-type-2' })).toBeNull();
  });

  it("tells a course's lesson list and a lesson from their markup (spec 2: lesson pages send visitor events)", () => {
    expect(pageEvent({ pathname: '/course', bodyClass: 'page-type-1 collection-type-course view-list' })).toEqual({ name: 'lesson_list_view' });
    expect(pageEvent({ pathname: '/course/welcome', bodyClass: 'page-type-50 collection-type-course view-item', itemId: 'l-1', recordType: '62' })).toEqual({
      name: 'lesson_view',
      objectId: 'l-1',
    });
    expect(pageEvent({ pathname: '/course', bodyClass: 'page-type-106 collection-type-course view-list' })).toBeNull();
  });

  it('counts a successful add to the cart and a newsletter submission from the page calls', () => {
    const origin = 'http://demo.localhost:3000';
    const call = (path: string, responseStatus?: number, initiatorType = 'fetch') => ({ name: origin + path, initiatorType, responseStatus });
    expect(callEvent(call('/api/commerce/shopping-cart/entries', 200), origin, false)).toBe('add_to_cart');
    expect(callEvent(call('/api/commerce/shopping-cart/entries', 409), origin, false)).toBeNull();
    expect(callEvent(call('/api/commerce/shopping-cart/entries'), origin, false)).toBeNull();
    expect(callEvent(call('/api/commerce/shopping-cart/entries', 200, 'img'), origin, false)).toBeNull();
    expect(callEvent(call('/api/commerce/shopping-cart/entries', 200), 'http://other.localhost:3000', false)).toBeNull();
    expect(callEvent(call('/api/form/SaveFormSubmission', 200), origin, true)).toBe('newsletter_sign_up');
    expect(callEvent(call('/api/form/SaveFormSubmission', 200), origin, false)).toBeNull();
  });

  it('reports a purchase once per tab, however often the confirmation page is reloaded', () => {
    const tab = new FakeStorage();
    expect(firstPurchaseReport(tab, 'ord-1')).toBe(true);
    expect(firstPurchaseReport(tab, 'ord-1')).toBe(false);
    expect(firstPurchaseReport(tab, 'ord-2')).toBe(true);
    expect(firstPurchaseReport(new FakeStorage(true), 'ord-1')).toBe(true);
    expect(firstPurchaseReport(null, 'ord-1')).toBe(true);
  });
});

describe('page views of the collector', () => {
  it('are sent on the pages whose visits the census beacon records, and only there', async () => {
    const { isRecordedPage } = await import('../client/visit-recording.js');
    const { recordsVisit } = await import('./visitor-events.js');
    const cases = [
      { pathname: '/', bodyClass: 'page-type-50' },
      { pathname: '/shop/soap', bodyClass: 'collection-type-products page-type-50 x' },
      { pathname: '/checkout', bodyClass: 'page-type-201' },
      { pathname: '/missing', bodyClass: 'page-type-100' },
      { pathname: '/search', bodyClass: 'page-type-102' },
      { pathname: '/search', bodyClass: 'page-type-50' },
      { pathname: '/locked', bodyClass: 'page-type-103' },
      { pathname: '/members', bodyClass: 'page-type-106' },
      { pathname: '/config/forms', bodyClass: 'page-type-50' },
      { pathname: '/plain', bodyClass: 'no-type' },
      { pathname: '/p', bodyClass: 'page-type-1000' },
    ];
    for (const page of cases) expect(recordsVisit(page), JSON.stringify(page)).toBe(isRecordedPage({ ...page, data: {} }));
    expect(cases.filter((page) => recordsVisit(page)).map((page) => page.pathname)).toEqual(['/', '/shop/soap', '/checkout', '/p']);
  });
});
