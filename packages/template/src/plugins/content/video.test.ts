import { describe, expect, it } from 'vitest';
import { formatContent as format } from './test-format.js';

const base = {
  oembed: { html: '<script></script>', providerName: 'youtube' },
  originalSize: 1000,
  assetUrl: '/foo/bar.mp4',
  mediaFocalPoint: { x: 0.3, y: 0.7 },
  overlay: true,
};
const colorData = {
  topLeftAverage: '111',
  topRightAverage: '222',
  bottomLeftAverage: '333',
  bottomRightAverage: '444',
  centerAverage: '555',
};
const tail = '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div></div>';

describe('video', () => {
  it('renders a thumbnail overlay with colours and lazy loading', () => {
    expect(format('video', { ...base, mainImageId: 'm', colorData }, ['load-false', 'color-data'])).toBe(
      '<div class="sqs-video-wrapper"  data-load="false" data-html="&lt;script&gt;&lt;/script&gt;" ' +
        'data-provider-name="youtube"><div class="sqs-video-overlay" style="opacity: 0;"><img data-load="false" ' +
        'data-src="/foo/bar.mp4" data-image-dimensions="1000" data-image-focal-point="0.3,0.7" ' +
        'data-color-topleft="#111" data-color-topright="#222" data-color-bottomleft="#333" ' +
        'data-color-bottomright="#444" data-color-center="#555" />' +
        tail,
    );
  });
  it('skips empty colour data and colours not asked for', () => {
    const out = format('video', { ...base, systemDataId: 's', colorData: {} }, ['color-data']);
    expect(out).toBe(
      '<div class="sqs-video-wrapper" data-html="&lt;script&gt;&lt;/script&gt;" data-provider-name="youtube">' +
        '<div class="sqs-video-overlay" style="opacity: 0;"><img data-load="false" data-src="/foo/bar.mp4" ' +
        'data-image-dimensions="1000" data-image-focal-point="0.3,0.7" />' +
        tail,
    );
    expect(format('video', { ...base, systemDataId: 's', colorData })).not.toContain('data-color');
  });
  it('marks an overlay without thumbnail and omits the overlay when not wanted', () => {
    expect(format('video', base)).toContain('<div class="sqs-video-overlay no-thumb" style="opacity: 0;">');
    expect(format('video', { ...base, overlay: false })).toBe(
      '<div class="sqs-video-wrapper" data-html="&lt;script&gt;&lt;/script&gt;" data-provider-name="youtube"></div>',
    );
  });
});
