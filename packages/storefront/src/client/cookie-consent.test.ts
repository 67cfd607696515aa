import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, type ConsentState, consentAnswerOf } from './cookie-consent.js';
import { isRecordedPage } from './visit-recording.js';

describe('the cookie banner’s answer (issue 26 item 4)', () => {
  it.each([
    ['', undefined],
    [`${CONSENT_COOKIE}=accepted`, 'accepted'],
    [`crumb=x; ${CONSENT_COOKIE}=declined`, 'declined'],
    [`${CONSENT_COOKIE}=maybe`, undefined],
  ])('the cookies %o answer %s', (cookies, answer) => {
    expect(consentAnswerOf(cookies)).toBe(answer);
  });

  it.each<[ConsentState, boolean]>([
    ['not-asked', true],
    ['pending', false],
    ['declined', false],
    ['accepted', true],
  ])('a page whose banner is %s is recorded: %s', (consent, recorded) => {
    expect(isRecordedPage({ pathname: '/shop/mug', bodyClass: 'page-type-50', data: {}, consent })).toBe(recorded);
  });
});
