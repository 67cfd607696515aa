import { describe, expect, it } from 'vitest';
import { COMPACT_BELOW_PX, recaptchaScriptUrl, recaptchaSize } from './captcha-script.js';

describe('reCAPTCHA script and size', () => {
  it.each([
    [319, 'compact'],
    [COMPACT_BELOW_PX, 'normal'],
    [0, 'compact'],
    [600, 'normal'],
  ] as const)('a %ipx container gets the %s checkbox', (width, size) => {
    expect(recaptchaSize(width)).toBe(size);
  });

  it('loads the explicit checkbox script, or Enterprise with the site key', () => {
    expect(recaptchaScriptUrl('recaptcha', 'k')).toBe('https://www.google.com/recaptcha/api.js?render=explicit');
    expect(recaptchaScriptUrl('recaptcha-enterprise', 'a b')).toBe('https://www.google.com/recaptcha/enterprise.js?render=a%20b');
  });
});
