import { describe, expect, it } from 'vitest';
import { presenceSentence } from './use-presence.js';

const editor = (email: string | null, sameAccount = false) => ({ email, sameAccount, since: '2026-12-07T10:00:00.000Z' });
const LATER_SAVE = 'If two of you save, the later save asks to reload first, so nothing is overwritten.';

describe('the presence notice of the editor (issue 26, item 7: "Ana is editing")', () => {
  it('says nothing when nobody else has the page open', () => {
    expect(presenceSentence([])).toBeNull();
  });

  it('names one or several other owners, and the same account in another tab', () => {
    expect(presenceSentence([editor('ana@example.com')])).toBe(`ana@example.com is also editing this page. ${LATER_SAVE}`);
    expect(presenceSentence([editor('ana@example.com'), editor('ben@example.com'), editor('cy@example.com')])).toBe(
      `ana@example.com, ben@example.com and cy@example.com are also editing this page. ${LATER_SAVE}`,
    );
    expect(presenceSentence([editor('me@example.com', true)])).toBe(`You also have this page open in another tab or browser. ${LATER_SAVE}`);
    expect(presenceSentence([editor(null), editor(null)])).toBe(`Another owner is also editing this page. ${LATER_SAVE}`);
  });
});
