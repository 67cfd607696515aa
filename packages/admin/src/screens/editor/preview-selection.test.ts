import { describe, expect, it } from 'vitest';
import { frameNews, originOf, selectedMessage } from './preview-selection.js';

const frame = {} as Window;
const other = {} as Window;
const SITE = 'http://demo.localhost:3000';

describe("the editor's side of the preview's block selection", () => {
  it("reads a block chosen in the frame only from the frame's window on the site's origin", () => {
    const chosen = { type: 'emporium:preview-block', blockId: '2' };
    expect(frameNews({ origin: SITE, source: frame, data: chosen }, frame, SITE)).toEqual({ kind: 'chosen', index: 2 });
    expect(frameNews({ origin: SITE, source: frame, data: { type: 'emporium:preview-ready' } }, frame, SITE)).toEqual({ kind: 'ready' });
    // A block of a theme's shared area: its area and place.
    const footer = { type: 'emporium:preview-block', blockId: 'f:footer:1' };
    expect(frameNews({ origin: SITE, source: frame, data: footer }, frame, SITE)).toEqual({ kind: 'chosen-shared', fieldId: 'footer', index: 1 });
    expect(frameNews({ origin: 'http://evil.localhost:3000', source: frame, data: chosen }, frame, SITE)).toBeUndefined();
    expect(frameNews({ origin: SITE, source: other, data: chosen }, frame, SITE)).toBeUndefined();
    expect(frameNews({ origin: SITE, source: frame, data: chosen }, frame, undefined)).toBeUndefined();
  });

  it('ignores messages that are not the frame’s own or name no block position', () => {
    for (const data of [
      null,
      'emporium:preview-block',
      { type: 'emporium:preview-block', blockId: 2 },
      { type: 'emporium:preview-block', blockId: '1e3' },
      { type: 'emporium:preview-block', blockId: 'f:foot er:1' },
      { type: 'emporium:preview-block', blockId: 'f:footer:x' },
      { type: 'other' },
    ]) {
      expect(frameNews({ origin: SITE, source: frame, data }, frame, SITE)).toBeUndefined();
    }
  });

  it('tells the frame the selected block, or none, and finds the origin of a preview link', () => {
    expect(selectedMessage(3)).toEqual({ type: 'emporium:preview-selected', blockId: '3' });
    expect(selectedMessage(undefined)).toEqual({ type: 'emporium:preview-selected', blockId: null });
    expect(originOf(`${SITE}/api/site/preview?token=abc&path=%2Fabout`)).toBe(SITE);
    expect(originOf('not a link')).toBeUndefined();
  });
});
