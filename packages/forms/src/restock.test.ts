import { describe, expect, it } from 'vitest';
import { buildRestockPayload, validateRestockEmail } from './restock.js';

describe('restock validation (spec section 5)', () => {
  it.each([
    ['', 'Email cannot be blank'],
    ['   ', 'Email cannot be blank'],
    ['nope', 'Email is invalid'],
    ['a@b', 'Email is invalid'],
    [' a@b.com ', null],
  ])('%j -> %s', (email, message) => {
    expect(validateRestockEmail(email)).toBe(message);
  });
});

describe('buildRestockPayload', () => {
  const base = { email: ' a@b.com ', productId: 'p', variantId: 'v', joinMailingList: true };

  it('builds the sign-up payload with a trimmed email', () => {
    expect(buildRestockPayload({ ...base, captchaToken: 't' })).toEqual({
      isJoinMailingList: true,
      productId: 'p',
      variantId: 'v',
      siteVisitorEmail: 'a@b.com',
      captchaToken: 't',
    });
  });

  it('prefers the enterprise token', () => {
    expect(buildRestockPayload({ ...base, captchaToken: 't', enterpriseToken: 'e' })).toMatchObject({ recaptchaEnterpriseV3Token: 'e' });
    expect(buildRestockPayload({ ...base, captchaToken: 't', enterpriseToken: 'e' })).not.toHaveProperty('captchaToken');
  });

  it('sends language only with the multilingual flag', () => {
    expect(buildRestockPayload({ ...base, language: 'fr' })).not.toHaveProperty('language');
    expect(buildRestockPayload({ ...base, language: 'fr', multilingualEmails: true }).language).toBe('fr');
  });

  it('throws the visitor message for a bad email', () => {
    expect(() => buildRestockPayload({ ...base, email: '' })).toThrow('Email cannot be blank');
  });
});
