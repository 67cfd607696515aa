import { describe, expect, it } from 'vitest';
import { errorFingerprint, normaliseMessage, ownTopFrames } from './error-fingerprint.js';
import { isRecordingEligible } from './recording-eligibility.js';
import { rawRetentionDays } from './retention.js';
import { trafficSourceOf } from './traffic-source.js';
import { browserOf, deviceOf } from './user-agent.js';
import { bucketOf, p75, VITAL_THRESHOLDS, vitalRating, type VitalMetric } from './vitals-histogram.js';

describe('web vitals as log-scale histograms (issue 13: p75 is a sum of buckets)', () => {
  it.each<[VitalMetric, number[]]>([
    ['lcp', Array.from({ length: 1000 }, (_, i) => 500 + i * 7)],
    ['cls', Array.from({ length: 400 }, (_, i) => i / 1000)],
    ['inp', [40, 80, 120, 160, 200, 240, 280, 900]],
  ])('%s: the p75 read from buckets is within 2.5%% of the exact p75', (metric, samples) => {
    const counts = new Map<number, number>();
    for (const s of samples) counts.set(bucketOf(metric, s), (counts.get(bucketOf(metric, s)) ?? 0) + 1);
    const histogram = [...counts].map(([bucket, count]) => ({ bucket, count }));
    const sorted = [...samples].sort((x, y) => x - y);
    const exact = sorted[Math.ceil(sorted.length * 0.75) - 1]!;
    expect(Math.abs(p75(metric, histogram)! - exact) / exact).toBeLessThanOrEqual(0.026);
  });

  it('merging histograms of two days is adding their counts', () => {
    const day1 = [{ bucket: bucketOf('fcp', 1000), count: 3 }];
    const day2 = [{ bucket: bucketOf('fcp', 4000), count: 1 }];
    expect(p75('fcp', [...day1, ...day2])).toBeCloseTo(1000, -2);
    expect(p75('fcp', [])).toBeNull();
  });

  it.each<[VitalMetric, number, number, number]>([
    ['fcp', 1800, 3000, 3001],
    ['lcp', 2500, 4000, 4001],
    ['fid', 100, 300, 301],
    ['cls', 0.1, 0.25, 0.26],
    ['inp', 200, 500, 501],
  ])('%s is rated by the spec 9 thresholds', (metric, good, needs, poor) => {
    expect(VITAL_THRESHOLDS[metric].good).toBe(good);
    expect(vitalRating(metric, good)).toBe('good');
    expect(vitalRating(metric, needs)).toBe('needs-improvement');
    expect(vitalRating(metric, poor)).toBe('poor');
  });
});

describe('script error grouping', () => {
  const host = 'shop.localhost';
  const stack = (line: number) =>
    `TypeError: x\n    at addToCart (http://${host}/assets/cart.js?v=3:${line}:5)\n    at https://cdn.example/lib.js:1:1\n    at onClick (http://${host}/assets/app.js:9:1)`;

  it('normalises numbers, ids, quoted text and URLs in messages', () => {
    expect(normaliseMessage("Cannot read 'id' of item 1234 at https://x.example/a?b=1")).toBe('Cannot read "…" of item <n> at <url>');
    expect(normaliseMessage('chunk 9f8e7d6c5b4a failed')).toBe('chunk <n> failed');
  });

  it("keeps the site's own top frames, without lines, columns or query", () => {
    expect(ownTopFrames(stack(10), host)).toEqual(['addToCart /assets/cart.js', 'onClick /assets/app.js']);
    expect(ownTopFrames('foo@http://shop.localhost/a.js:1:2', host)).toEqual(['foo /a.js']);
  });

  it('gives one fingerprint to one error and another to a different type, message or frame', () => {
    const base = errorFingerprint('TypeError', 'Cannot read 1', stack(10), host);
    expect(errorFingerprint('TypeError', 'Cannot read 2', stack(99), host)).toBe(base);
    expect(errorFingerprint('RangeError', 'Cannot read 1', stack(10), host)).not.toBe(base);
    expect(errorFingerprint('TypeError', 'Cannot write 1', stack(10), host)).not.toBe(base);
    expect(errorFingerprint('TypeError', 'Cannot read 1', stack(10).replace('addToCart', 'remove'), host)).not.toBe(base);
  });
});

describe('visit dimensions', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      'phone',
      'Safari',
    ],
    ['Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/604.1', 'tablet', 'Safari'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36', 'phone', 'Chrome'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0', 'desktop', 'Edge'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'desktop', 'Firefox'],
    ['', 'desktop', 'Other'],
  ])('%s is a %s running %s', (ua, device, browser) => {
    expect(deviceOf(ua)).toBe(device);
    expect(browserOf(ua)).toBe(browser);
  });

  it('takes the external referrer host and the UTM parameters; moves within the site are direct', () => {
    expect(trafficSourceOf('https://www.Google.com/search?q=x', '?utm_source=nl&utm_medium=email&utm_campaign=Winter', 'shop.localhost:3000')).toEqual({
      referrer: 'google.com',
      utmSource: 'nl',
      utmMedium: 'email',
      utmCampaign: 'Winter',
    });
    expect(trafficSourceOf('http://shop.localhost:3000/shop', '', 'shop.localhost:3000').referrer).toBe('');
    expect(trafficSourceOf('javascript:alert(1)', undefined, 'shop.localhost').referrer).toBe('');
  });
});

describe('session-recording eligibility (spec 5)', () => {
  const eligible = { country: 'US', timeZone: 'America/New_York', featureEnabled: true, sampled: true, hardwareThreads: 3 };
  it('needs a US website, an America time zone, the toggle, the sampling flag and more than 2 hardware threads', () => {
    expect(isRecordingEligible(eligible)).toBe(true);
    expect(isRecordingEligible({ ...eligible, country: 'CA' })).toBe(false);
    expect(isRecordingEligible({ ...eligible, timeZone: 'Europe/Paris' })).toBe(false);
    expect(isRecordingEligible({ ...eligible, featureEnabled: false })).toBe(false);
    expect(isRecordingEligible({ ...eligible, sampled: false })).toBe(false);
    expect(isRecordingEligible({ ...eligible, hardwareThreads: 2 })).toBe(false);
    expect(isRecordingEligible({ ...eligible, hardwareThreads: undefined })).toBe(false);
  });
});

describe('raw-event retention setting', () => {
  it('defaults to 90 days and clamps the site setting to 1-730', () => {
    expect(rawRetentionDays({})).toBe(90);
    expect(rawRetentionDays({ analyticsRetentionDays: 30 })).toBe(30);
    expect(rawRetentionDays({ analyticsRetentionDays: 0 })).toBe(1);
    expect(rawRetentionDays({ analyticsRetentionDays: 5000 })).toBe(730);
    expect(rawRetentionDays({ analyticsRetentionDays: '30' })).toBe(90);
  });
});
