import { describe, expect, it } from 'vitest';
import { runPredicate } from './fake-context.js';
import { predicates } from './index.js';

const check = (name: string, node: unknown, args: string[] = [], outer: unknown[] = []) => runPredicate(predicates[name], node, args, outer);

describe('record type predicates', () => {
  it.each([
    ['undefined?', -1],
    ['text?', 1],
    ['store-item?', 11],
    ['css-asset?', 16],
    ['active-time?', 31],
    ['kbarticle?', 54],
    ['audio?', 7],
    ['attachment?', 19],
  ])('%s matches record type %i only', (name, code) => {
    expect(check(name, { recordType: code })).toBe(true);
    expect(check(name, { recordType: code + 1000 })).toBe(false);
  });
  it('covers the record types the spec adds', () => {
    expect(check('chat?', { recordType: 6 })).toBe(true);
    expect(check('review?', { recordType: 10 })).toBe(true);
    expect(check('thread?', { recordType: 13 })).toBe(true);
    expect(check('lesson?', { recordType: 62 })).toBe(true);
    expect(check('course-item?', { recordType: 63 })).toBe(true);
    expect(check('course-item?', { recordType: 62 })).toBe(false);
  });
  it('matches promotable record types by promotion too', () => {
    expect(check('video?', { recordType: 8 })).toBe(true);
    expect(check('external-video?', { promotedBlockType: 'video' })).toBe(true);
    expect(check('external-video?', { promotedBlockType: 'link' })).toBe(false);
    expect(check('gallery?', { promotedBlockType: 'gallery' })).toBe(true);
    expect(check('quote?', { recordType: 4 })).toBe(true);
  });
  it('has promotedNAME? and background-source-NAME? predicates', () => {
    expect(check('promotedCODE?', { promotedBlockType: 'code' })).toBe(true);
    expect(check('promotedCODE?', { promotedBlockType: 'embed' })).toBe(false);
    expect(check('background-source-video?', { backgroundSource: 3 })).toBe(true);
    expect(check('background-source-none?', { backgroundSource: 3 })).toBe(false);
  });
});

describe('gallery predicates', () => {
  it('selects designs, positions and alignments from the nearest options', () => {
    expect(check('gallery-design-slider?', { options: { design: 'slider' } })).toBe(true);
    expect(check('gallery-design-grid?', { options: {} })).toBe(false);
    expect(check('gallery-meta-position-top-left?', {}, [], [{ options: { 'meta-position': 'top-left' } }])).toBe(true);
    expect(check('gallery-active-alignment-center?', { options: { 'active-alignment': 'left' } })).toBe(false);
  });
  it('reads boolean options strictly and meta from controls or indicators', () => {
    expect(check('gallery-auto-crop?', { options: { 'auto-crop': true } })).toBe(true);
    expect(check('gallery-thumbnails?', { options: { thumbnails: 'yes' } })).toBe(false);
    expect(check('gallery-meta?', { options: { indicators: true } })).toBe(true);
    expect(check('gallery-meta?', { options: { controls: false } })).toBe(false);
  });
});

describe('collection predicates', () => {
  it('checks collections, pages and folders', () => {
    expect(check('collection?', { collection: { a: 0 } })).toBe(true);
    expect(check('collection?', { collection: {} })).toBe(false);
    expect(check('collection-page?', { collection: { type: 10 } })).toBe(true);
    expect(check('collection-page?', { collection: { type: 3 } })).toBe(false);
    expect(check('collection-template-page?', { collection: { type: 7 } })).toBe(true);
    expect(check('collection-template-page?', { type: 7 })).toBe(true);
    expect(check('collection-template-page?', { collection: { a: 0 }, type: 7 })).toBe(false);
    expect(check('folder?', { collection: { folder: true } })).toBe(true);
    expect(check('folder?', { collection: { folder: false } })).toBe(false);
  });
  it('checks folder behaviours', () => {
    expect(check('index?', { collection: { folder: true, folderBehavior: 1 } })).toBe(true);
    expect(check('index?', { collection: { folder: true, folderBehavior: '1' } })).toBe(false);
    expect(check('index?', { collection: { folder: false, folderBehavior: 1 } })).toBe(false);
    expect(check('clickable?', { a: 0 })).toBe(true);
    expect(check('clickable?', { folderBehavior: 2 })).toBe(true);
    expect(check('clickable?', { folderBehavior: 3 })).toBe(false);
    expect(check('redirect?', { folderBehavior: 2 })).toBe(true);
    expect(check('redirect?', { folderBehavior: 1 })).toBe(false);
  });
  it('compares the collection type name with the argument', () => {
    expect(check('collectionTypeNameEquals?', { typeName: 'foo' }, ['foo'])).toBe(true);
    expect(check('collectionTypeNameEquals?', { typeName: 'foo' }, ['bar'])).toBe(false);
    expect(check('collectionTypeNameEquals?', { typeName: 'foo' })).toBe(false);
  });
});

describe('item predicates', () => {
  it('checks images', () => {
    expect(check('main-image?', { systemDataId: 'x' })).toBe(true);
    expect(check('main-image?', { a: 0 })).toBe(false);
    expect(check('child-images?', { items: [{ mainImageId: 'x' }] })).toBe(true);
    expect(check('child-images?', { items: [{ a: 0 }, { mainImageId: 'x' }] })).toBe(false);
    expect(check('child-images?', { items: [] })).toBe(false);
  });
  it('checks excerpts for visible text', () => {
    expect(check('excerpt?', { excerpt: { html: 'foo' } })).toBe(true);
    expect(check('excerpt?', { excerpt: { html: ' <p>\u00a0\u200b</p> ' } })).toBe(false);
    expect(check('excerpt?', { excerpt: 'abc' })).toBe(true);
    expect(check('excerpt?', { excerpt: 123 })).toBe(false);
  });
  it('checks links, locations, pass-through and services', () => {
    expect(check('external-link?', { externalLink: 'http://x' })).toBe(true);
    expect(check('external-link?', { externalLink: '' })).toBe(false);
    expect(check('location?', { location: { mapLat: 1, mapLng: 2 } })).toBe(true);
    expect(check('location?', { location: { mapLat: 1 } })).toBe(false);
    expect(check('passthrough?', { passthrough: true, sourceUrl: 'u' })).toBe(true);
    expect(check('passthrough?', { passthrough: true, sourceUrl: '' })).toBe(false);
    expect(check('serviceNameEmail?', { serviceName: 'email' })).toBe(true);
    expect(check('show-past-events?', { showPastOrUpcomingEvents: 'upcoming' })).toBe(false);
  });
  it('checks calendar view, multiplicity and same UTC day', () => {
    expect(check('calendar-view?', {}, [], [{ calendarView: true }])).toBe(true);
    expect(check('calendar-view?', { calendarView: false })).toBe(false);
    expect(check('has-multiple?', [1, 2])).toBe(true);
    expect(check('has-multiple?', [1])).toBe(false);
    expect(check('same-day?', { startDate: 1384518630000, endDate: 1384515030000 })).toBe(true);
    expect(check('same-day?', { startDate: 1384518630000, endDate: 1384605030000 })).toBe(false);
  });
});
