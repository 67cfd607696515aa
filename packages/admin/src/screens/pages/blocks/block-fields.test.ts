import { BLOCK_KIND_LIST, ChartMessages, ImageMessages, NewsletterMessages } from '@emporium/server/block-kinds';
import { describe, expect, it } from 'vitest';
import { BLOCK_FIELDS, blockNotes, chartFromText, chartToText, fieldValue, mailingLists, newBlock, withField } from './block-fields.js';

describe('the block forms of the Pages screen (#26 item 2)', () => {
  it('has a form and a new block for every kind the server checks', () => {
    for (const kind of BLOCK_KIND_LIST) {
      expect(BLOCK_FIELDS[kind.typeName], kind.typeName).toBeDefined();
      expect(newBlock(kind.typeName).typeName).toBe(kind.typeName);
    }
  });

  it('starts a line, spacer and button as blocks the server takes without a change', () => {
    for (const typeName of ['line', 'spacer', 'button', 'search']) {
      const kind = BLOCK_KIND_LIST.find((k) => k.typeName === typeName)!;
      expect(kind.schema.safeParse(newBlock(typeName)).success, typeName).toBe(true);
    }
  });

  it('warns about a decorative image and a chart cut to its limits, with the spec 5 texts', () => {
    expect(blockNotes({ typeName: 'image', assetUrl: '/a.jpg', altText: '' })).toEqual([ImageMessages.ALT_DECORATIVE]);
    expect(blockNotes({ typeName: 'image', assetUrl: '/a.jpg', altText: 'A mug' })).toEqual([]);
    const wide = [Array.from({ length: 12 }, (_, i) => `c${i}`), Array.from({ length: 12 }, () => '1')];
    expect(blockNotes({ typeName: 'chart', data: wide })).toEqual([ChartMessages.truncated(50, 10)]);
    expect(ChartMessages.truncated(50, 10)).toBe('The dataset was truncated to 50 rows or 10 columns.');
  });

  it("says the spec's 'You don't have any mailing lists' when no form asks for an email", () => {
    const contact = { id: 'f1', name: 'Contact', fields: [{ type: 'textarea' }] };
    expect(mailingLists([contact])).toEqual({ lists: [], problem: NewsletterMessages.NO_LISTS });
    expect(NewsletterMessages.NO_LISTS).toBe("You don't have any mailing lists, create one before continuing");
    const letters = { id: 'f2', name: 'Letters', fields: [{ type: 'email' }] };
    expect(mailingLists([contact, letters])).toEqual({ lists: [letters] });
  });

  it('edits a chart as comma-separated lines and a focal point as two numbers', () => {
    const data = [
      ['Month', 'Madder'],
      ['June', '4'],
    ];
    expect(chartFromText(chartToText(data))).toEqual(data);
    const image = withField(withField({ typeName: 'image' }, 'focalX', 0.2), 'focalY', 0.7);
    expect(image.focalPoint).toEqual({ x: 0.2, y: 0.7 });
    expect(fieldValue(image, 'focalY')).toBe(0.7);
  });
});
