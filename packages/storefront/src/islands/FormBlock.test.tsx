import type { Form } from '@emporium/forms';
import { describe, expect, it } from 'vitest';
import { renderIsland } from '../render-island.js';

const page = { pageTitle: 'Contact', pageId: 'pg', contentSource: 'c' as const, pagePath: '/contact', pagePermissionTypeValue: 1 };
const form: Form = {
  id: 'f1',
  name: 'Contact',
  submitLabel: 'Send',
  fields: [
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'email', type: 'email', title: 'Email', required: true, placeholder: 'you@example.com' },
    { id: 'msg', type: 'textarea', title: 'Message', maxLength: 200 },
    { id: 'phone', type: 'phone', title: 'Phone', showCountryCode: true },
    { id: 'addr', type: 'address', title: 'Address' },
    { id: 'date', type: 'date', title: 'Date' },
    { id: 'time', type: 'time', title: 'Time' },
    { id: 'topic', type: 'select', title: 'Topic', options: ['Sales', 'Support'] },
    { id: 'size', type: 'radio', title: 'Size', options: ['S', 'M'] },
    { id: 'extras', type: 'checkbox', title: 'Extras', options: ['Wrap', 'Card'] },
    { id: 'mood', type: 'likert', title: 'Mood', options: ['Fast?', 'Friendly?'] },
    { id: 'sec', type: 'section', title: 'More', underline: true },
    { id: 'src', type: 'hidden', key: 'ref', value: 'none' },
    { id: 'amt', type: 'currency', title: 'Budget', currencySymbol: '$' },
  ],
};

describe('FormBlock SSR', () => {
  const html = renderIsland('FormBlock', { form, page });

  it('renders every visible field kind with labels', () => {
    for (const kind of ['name', 'email', 'textarea', 'phone', 'address', 'date', 'time', 'select', 'radio', 'checkbox', 'likert', 'section', 'currency']) {
      expect(html).toContain(`data-field-type="${kind}"`);
    }
    expect(html).not.toContain('data-field-type="hidden"');
    expect(html).toMatch(/<label for="([^"]+-email)" class="form-field__title">Email.*<input id="\1"/);
    expect(html).toContain('placeholder="you@example.com"');
  });

  it('shows the character counter and the phone country part', () => {
    expect(html).toContain('0 / 200');
    expect((html.match(/<input[^>]*-phone-/g) ?? []).length).toBe(4);
  });

  it('renders the five likert answers per question', () => {
    for (const label of ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree']) {
      expect(html.split(`>${label}<`).length - 1).toBeGreaterThanOrEqual(2);
    }
  });

  it('has the submit label and an empty live error region', () => {
    expect(html).toContain('>Send</button>');
    expect(html).toContain('<button type="submit" class="form-block__submit">Send</button>');
    expect(html).toContain('<p class="form-block__error" role="alert"></p>');
  });

  it('loads no captcha script and shows no widget before the site settings are known', () => {
    const withCaptcha = renderIsland('FormBlock', { form: { ...form, captchaEnabled: true }, page });
    expect(withCaptcha).not.toContain('<script');
    expect(withCaptcha).not.toContain('captcha-container');
    expect(withCaptcha).not.toContain('form-block__problem');
  });
});
