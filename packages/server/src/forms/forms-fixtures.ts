import type { FormField, FormValues, PageFields } from '@emporium/forms';

/** A form definition with every field kind of spec section 3 (test fixture). */
export function everyKindForm(prefix: string) {
  const id = (name: string) => `${prefix}-${name}`;
  const fields: FormField[] = [
    { id: id('name'), type: 'name', title: 'Name', required: true },
    { id: id('email'), type: 'email', title: 'Email', required: true, placeholder: 'you@example.com' },
    { id: id('text'), type: 'text', title: 'Text', description: 'Any text' },
    { id: id('textarea'), type: 'textarea', title: 'Message', maxLength: 20 },
    { id: id('number'), type: 'number', title: 'Number' },
    { id: id('website'), type: 'website', title: 'Website' },
    { id: id('currency'), type: 'currency', title: 'Budget', currencySymbol: '$' },
    { id: id('password'), type: 'password', title: 'Password' },
    { id: id('twitter'), type: 'twitter', title: 'Twitter' },
    { id: id('section'), type: 'section', title: 'More', underline: true },
    { id: id('address'), type: 'address', title: 'Address' },
    { id: id('phone'), type: 'phone', title: 'Phone', required: true },
    { id: id('phone4'), type: 'phone', title: 'Phone abroad', showCountryCode: true },
    { id: id('date'), type: 'date', title: 'Date' },
    { id: id('time'), type: 'time', title: 'Time' },
    { id: id('radio'), type: 'radio', title: 'Colour', options: ['Red', 'Blue'], required: true },
    { id: id('checkbox'), type: 'checkbox', title: 'Sizes', options: ['S', 'M', 'L'], required: true },
    { id: id('select'), type: 'select', title: 'Country', options: ['FR', 'US'] },
    { id: id('likert'), type: 'likert', title: 'Opinion', options: ['Fast?', 'Cheap?'] },
    { id: id('hidden'), type: 'hidden', key: 'utm_source', value: 'direct' },
  ];
  return { name: 'Contact', fields, submitLabel: 'Send', submissionMessage: 'Thanks!' };
}

/** Values a visitor enters in {@link everyKindForm} (the browser's shape). */
export function everyKindValues(prefix: string, overrides: Record<string, unknown> = {}): FormValues {
  const id = (name: string) => `${prefix}-${name}`;
  return {
    [id('name')]: ['Ada', 'Lovelace'],
    [id('email')]: 'ada@example.com',
    [id('text')]: 'hello',
    [id('textarea')]: 'short',
    [id('number')]: '42',
    [id('website')]: 'https://example.com',
    [id('currency')]: '10.50',
    [id('password')]: 'secret',
    [id('twitter')]: '@ada',
    [id('address')]: ['1 Main St', '', 'Springfield', 'IL', '62701', 'US'],
    [id('phone')]: ['555', '123', '4567'],
    [id('phone4')]: ['44', '20', '7946', '0958'],
    [id('date')]: ['12', '10', '1815'],
    [id('time')]: ['09', '30', '', 'AM'],
    [id('radio')]: 'Blue',
    [id('checkbox')]: ['S', 'L'],
    [id('select')]: 'FR',
    [id('likert')]: { 'Fast?': '2', 'Cheap?': '-1' },
    ...(overrides as FormValues),
  };
}

/** Page fields sent with a submission (test fixture). */
export const TEST_PAGE: PageFields = { pageTitle: 'Contact', pageId: 'page1', contentSource: 'c', pagePath: '/contact', pagePermissionTypeValue: 1 };
