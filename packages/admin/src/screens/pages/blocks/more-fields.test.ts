import { BLOCK_KINDS_BY_NAME } from '@emporium/server/block-kinds';
import { describe, expect, it } from 'vitest';
import { MORE_BLOCK_FIELDS, newContentBlock } from './more-fields.js';

const shown = (block: Record<string, unknown>) => MORE_BLOCK_FIELDS.gallery!.filter((spec) => !spec.when || spec.when(block)).map((spec) => spec.key);

describe('the forms of the gallery, form, product, summary, tag cloud and archive blocks (#26 item 2)', () => {
  it('shows each gallery option only for the designs it applies to (spec 3)', () => {
    expect(shown({ design: 'grid' })).toEqual(expect.arrayContaining(['thumbnailsPerRow', 'padding', 'aspectRatio', 'lightbox']));
    expect(shown({ design: 'grid' })).not.toContain('autoplay');
    expect(shown({ design: 'slideshow' })).toEqual(expect.arrayContaining(['autoplay', 'controls', 'thumbnails', 'autoCrop']));
    expect(shown({ design: 'slideshow' })).not.toContain('thumbnailStripHeight');
    expect(shown({ design: 'slideshow', thumbnails: true })).toContain('thumbnailStripHeight');
    expect(shown({ design: 'slider', autoplay: true })).toEqual(expect.arrayContaining(['autoplayDuration', 'activeAlignment']));
    expect(shown({ design: 'stacked' })).toEqual(expect.arrayContaining(['maxWidth', 'padding']));
    expect(shown({ design: 'stacked' })).not.toContain('thumbnailsPerRow');
  });

  it('starts each kind with the fields its schema needs, refused only for the choice the owner must make', () => {
    const needs: Record<string, string> = {
      gallery: 'images',
      form: 'formId',
      product: 'itemId',
      'summary-v2': 'collectionId',
      'tag-cloud': 'collectionId',
      archive: 'collectionId',
    };
    for (const [typeName, field] of Object.entries(needs)) {
      const parsed = BLOCK_KINDS_BY_NAME[typeName]!.schema.safeParse(newContentBlock(typeName));
      expect(parsed.success, typeName).toBe(false);
      expect(
        parsed.error!.issues.map((issue) => issue.path[0]),
        typeName,
      ).toEqual([field]);
    }
  });
});
