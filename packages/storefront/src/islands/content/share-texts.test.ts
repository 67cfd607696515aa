import { describe, expect, it } from 'vitest';
import { SHARE_NETWORKS, shareNetworks, shareUrl } from './share-links.js';
import { DEFAULT_ALT_MAX, commentCountText, commentsVisible, defaultAltText, ratingSummary, relativeTime, starText } from './texts.js';

describe('share links', () => {
  const target = { url: 'https://x.example/blog/a b?c=1&d=2', title: 'Fish & chips', imageUrl: 'https://x.example/i.jpg' };

  it.each([
    ['facebook', 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fx.example%2Fblog%2Fa%20b%3Fc%3D1%26d%3D2'],
    ['x', 'https://twitter.com/intent/tweet?url=https%3A%2F%2Fx.example%2Fblog%2Fa%20b%3Fc%3D1%26d%3D2&text=Fish%20%26%20chips'],
    ['linkedin', 'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fx.example%2Fblog%2Fa%20b%3Fc%3D1%26d%3D2'],
    ['email', 'mailto:?subject=Fish%20%26%20chips&body=https%3A%2F%2Fx.example%2Fblog%2Fa%20b%3Fc%3D1%26d%3D2'],
  ] as const)('%s', (network, url) => expect(shareUrl(network, target)).toBe(url));

  it('offers Pinterest only with an image', () => {
    expect(shareUrl('pinterest', target)).toContain('media=https%3A%2F%2Fx.example%2Fi.jpg');
    expect(shareUrl('pinterest', { url: 'u', title: 't' })).toBeNull();
  });

  it('keeps known networks in order, all when none is valid', () => {
    expect(shareNetworks(['x', 'myspace', 'x', 'email'])).toEqual(['x', 'email']);
    expect(shareNetworks(undefined)).toEqual([...SHARE_NETWORKS]);
  });
});

describe('content texts', () => {
  it.each([
    [0, 'No Comments'],
    [1, '1 Comment'],
    [5, '5 Comments'],
  ])('comment count %i -> %s (spec 9)', (n, text) => expect(commentCountText(n)).toBe(text));

  it('follows the comment visibility rule (spec 4)', () => {
    expect(commentsVisible(true, 1, 0)).toBe(true);
    expect(commentsVisible(true, 0, 2)).toBe(true);
    expect(commentsVisible(true, 0, 0)).toBe(false);
    expect(commentsVisible(false, 1, 2)).toBe(false);
  });

  it('summarises ratings', () => {
    expect(ratingSummary(4.25, 3)).toBe('4.3 out of 5 stars from 3 reviews');
    expect(ratingSummary(5, 1)).toBe('5.0 out of 5 stars from 1 review');
    expect(ratingSummary(null, 0)).toBe('No reviews yet');
    expect(starText(4.4)).toBe('★★★★☆');
  });
});

describe('relative time (spec 9)', () => {
  const now = Date.UTC(2026, 5, 1);
  const MIN = 60_000;
  it.each([
    [30_000, 'less than a minute ago'],
    [MIN, 'about a minute ago'],
    [59 * MIN, 'about a minute ago'],
    [60 * MIN, 'about an hour ago'],
    [24 * 60 * MIN, 'about a day ago'],
    [7 * 24 * 60 * MIN, 'about a week ago'],
    [30 * 24 * 60 * MIN, 'about a month ago'],
    [365 * 24 * 60 * MIN, 'about a year ago'],
  ])('%i ms -> %s', (elapsed, text) => expect(relativeTime(now - elapsed, now)).toBe(text));
});

describe('default alt text (spec 9)', () => {
  it('uses the own alt, else the title or description, capped at 250 characters', () => {
    expect(defaultAltText('Own', 'Title')).toBe('Own');
    expect(defaultAltText('', undefined, '  A   description ')).toBe('A description');
    expect(defaultAltText(undefined, 'x'.repeat(300))).toHaveLength(DEFAULT_ALT_MAX);
    expect(DEFAULT_ALT_MAX).toBe(250);
  });
});
