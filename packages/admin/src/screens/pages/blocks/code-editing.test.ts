import { CodeEditorMessages } from '@emporium/server/block-kinds';
import { describe, expect, it } from 'vitest';
import { editsCode, isAndroid, mayEditHere } from './code-editing.js';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('code editing on Android (spec 8)', () => {
  it('tells Android apart from other phones and desktops', () => {
    expect(isAndroid(ANDROID)).toBe(true);
    expect(isAndroid(IPHONE)).toBe(false);
    expect(isAndroid('Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0')).toBe(false);
  });

  it("keeps only the code of a code block and a raw HTML block's HTML from Android; every other field stays", () => {
    expect(editsCode({ typeName: 'code', code: '<b>x</b>' }, 'code')).toBe(true);
    expect(editsCode({ typeName: 'html', raw: true, html: '<b>x</b>' }, 'html')).toBe(true);
    expect(mayEditHere({ typeName: 'code' }, 'code', ANDROID)).toBe(false);
    expect(mayEditHere({ typeName: 'code' }, 'display', ANDROID)).toBe(true);
    expect(mayEditHere({ typeName: 'html', html: '<p>Hi</p>' }, 'html', ANDROID)).toBe(true);
    expect(mayEditHere({ typeName: 'code' }, 'code', IPHONE)).toBe(true);
    expect(CodeEditorMessages.ANDROID).toBe('Code editing is not available on Android');
  });
});
