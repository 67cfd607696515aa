import { describe, expect, it, vi } from 'vitest';
import { hitData, isRecordedPage, newVisitorId, pageTypeOf, pageViewHit, RECORD_HIT_URL, sendHit, type VisitPage } from './visit-recording.js';

const COOKIES = 'crumb=abcdefghijklmnopqrstuvwx; ss_cvr=visitor-0001%7C1%7C2%7C3%7C1';

function productPage(overrides: Partial<VisitPage> = {}): VisitPage {
  return {
    origin: 'http://demo.localhost:3000',
    pathname: '/shop/mug',
    title: 'Mug — Demo',
    lang: 'en-US',
    bodyClass: 'page-type-50 collection-type-products view-item',
    data: { websiteId: 'site1', itemId: 'item1', collectionId: 'col1', recordType: '11' },
    viewport: { width: 1280, height: 900 },
    screen: { width: 1920, height: 1080 },
    userAgent: 'Test/1.0',
    now: 1_763_900_000_000,
    ...overrides,
  };
}

describe('visit recording client (spec 7 RecordHit)', () => {
  it('reads the page type from the body class', () => {
    expect(pageTypeOf('page-type-50 view-item')).toBe(50);
    expect(pageTypeOf('x page-type-106')).toBe(106);
    expect(pageTypeOf('page-type-50x')).toBeUndefined();
    expect(pageTypeOf('')).toBeUndefined();
  });

  it.each([
    ['/search', 'page-type-102', {}, false],
    ['/anything', 'page-type-102', {}, false],
    ['/missing', 'page-type-100', {}, false],
    ['/locked', 'page-type-103', {}, false],
    ['/members', 'page-type-106', {}, false],
    ['/shop/config/x', 'page-type-50', {}, false],
    ['/shop/mug', 'page-type-50', { cookiePolicy: 'restrictive' }, false],
    ['/shop/mug', 'view-item', {}, false],
    ['/shop/mug', 'page-type-50', {}, true],
    ['/', 'page-type-2', {}, true],
    ['/cart', 'page-type-200', {}, true],
  ])('%s with %s (%o) is recorded: %s', (pathname, bodyClass, data, recorded) => {
    expect(isRecordedPage({ pathname, bodyClass, data })).toBe(recorded);
  });

  it('sends event, data with the census hit fields, ss_cvr and the crumb', () => {
    const body = pageViewHit(productPage(), COOKIES)!;
    expect([...body.keys()].sort()).toEqual(['crumb', 'data', 'event', 'ss_cvr']);
    expect(body.get('event')).toBe('view');
    expect(body.get('ss_cvr')).toBe('visitor-0001|1|2|3|1');
    expect(body.get('crumb')).toBe('abcdefghijklmnopqrstuvwx');
    expect(JSON.parse(body.get('data')!)).toEqual({
      event: 'view',
      websiteId: 'site1',
      locale: 'en-US',
      viewportWidth: 1280,
      viewportHeight: 900,
      screenWidth: 1920,
      screenHeight: 1080,
      userAgent: 'Test/1.0',
      clientDate: 1_763_900_000_000,
      url: 'http://demo.localhost:3000/shop/mug',
      title: 'Mug — Demo',
      itemId: 'item1',
      collectionId: 'col1',
      recordType: 11,
    });
  });

  it('sends nothing without the ss_cvr cookie or the crumb, or on a skipped page', () => {
    expect(pageViewHit(productPage(), 'crumb=abcdefghijklmnopqrstuvwx')).toBeNull();
    expect(pageViewHit(productPage(), 'ss_cvr=visitor-0001')).toBeNull();
    expect(pageViewHit(productPage({ pathname: '/search', bodyClass: 'page-type-102' }), COOKIES)).toBeNull();
  });

  it('leaves out a malformed locale and a non-numeric record type, and trims long titles', () => {
    const data = hitData(productPage({ lang: 'en US<', title: 't'.repeat(600), data: { recordType: 'x' } }));
    expect(data.locale).toBeUndefined();
    expect(data.recordType).toBeUndefined();
    expect(data.title).toHaveLength(512);
  });

  it('makes 32-hex-character visitor ids', () => {
    expect(newVisitorId()).toMatch(/^[0-9a-f]{32}$/);
    expect(newVisitorId()).not.toBe(newVisitorId());
  });

  it('uses sendBeacon, falls back to fetch with keepalive, and ignores failures', async () => {
    const body = new URLSearchParams({ event: 'view' });
    const beacon = vi.fn(() => true);
    const fetchFn = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    sendHit(body, { sendBeacon: beacon } as unknown as Navigator, fetchFn);
    expect(beacon).toHaveBeenCalledWith(RECORD_HIT_URL, body);
    expect(fetchFn).not.toHaveBeenCalled();

    sendHit(body, { sendBeacon: () => false } as unknown as Navigator, fetchFn);
    expect(fetchFn).toHaveBeenCalledWith(RECORD_HIT_URL, { method: 'POST', body, keepalive: true, credentials: 'same-origin' });

    const failing = vi.fn(() => Promise.reject(new TypeError('offline')));
    expect(() =>
      sendHit(
        body,
        {
          sendBeacon: () => {
            throw new Error('blocked');
          },
        } as unknown as Navigator,
        failing,
      ),
    ).not.toThrow();
    expect(failing).toHaveBeenCalledTimes(1);
    await Promise.resolve();
  });
});
