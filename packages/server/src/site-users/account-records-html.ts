import { escapeHtml } from '@emporium/template';
import type { PostalAddress } from '../checkout/index.js';
import type { Page } from '../http/page-cursor.js';
import type { AccountRecordTexts } from './account-record-texts.js';
import type { AccountSignUp } from './account-restock.js';
import type { SavedAddress } from './addresses.js';
import { at, field, form, inTheme, page, t, type AccountDoc, type PageFrame } from './pages-html.js';

const e = escapeHtml;

/** The fields of an address form, with their labels and autocomplete tokens. */
const ADDRESS_FIELDS: ReadonlyArray<{ name: keyof PostalAddress; label: string; autocomplete: string; required: boolean }> = [
  { name: 'firstName', label: 'First name', autocomplete: 'given-name', required: true },
  { name: 'lastName', label: 'Last name', autocomplete: 'family-name', required: true },
  { name: 'address1', label: 'Address', autocomplete: 'address-line1', required: true },
  { name: 'address2', label: 'Address line 2', autocomplete: 'address-line2', required: false },
  { name: 'city', label: 'City', autocomplete: 'address-level2', required: true },
  { name: 'region', label: 'State or region', autocomplete: 'address-level1', required: false },
  { name: 'postalCode', label: 'Postal code', autocomplete: 'postal-code', required: true },
  { name: 'country', label: 'Country code', autocomplete: 'country', required: true },
  { name: 'phone', label: 'Phone', autocomplete: 'tel', required: false },
];

/** An address on lines, for the account page. */
export function addressLines(address: PostalAddress): string {
  const name = `${address.firstName} ${address.lastName}`.trim();
  const place = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [name, address.address1, address.address2, place, [address.region, address.country].filter(Boolean).join(', '), address.phone]
    .filter(Boolean)
    .map((line) => e(line))
    .join('<br>');
}

/** The account's saved addresses: each with its edit link and delete form; then a link to add one. */
export function addressesSection(frame: PageFrame, addresses: SavedAddress[], xsrfToken: string): string {
  const items = addresses
    .map(
      (saved) =>
        `<li class="account-address"><p>${addressLines(saved.address)}${saved.isDefault ? `<br><strong>${e(t(frame, 'Default address'))}</strong>` : ''}</p>` +
        `<p><a href="${e(at(frame, `/account/addresses/${saved.id}`))}">${e(t(frame, 'Edit address'))}<span class="visually-hidden"> ${e(saved.address.address1)}</span></a></p>` +
        form(frame, `/account/addresses/${saved.id}/delete`, '', 'Delete address', { xsrfToken }) +
        `</li>`,
    )
    .join('');
  return (
    `<h2 id="addresses">${e(t(frame, 'Your addresses'))}</h2>` +
    (items ? `<ul class="account-addresses">${items}</ul>` : `<p>${e(t(frame, 'You have no saved addresses. Checkout offers the ones you save here.'))}</p>`) +
    `<p><a class="button" href="${e(at(frame, '/account/addresses/new'))}">${e(t(frame, 'Add an address'))}</a></p>`
  );
}

/** The page that adds an address (no `saved`) or edits one, with the values last sent. */
export function addressPage(frame: PageFrame, xsrfToken: string, saved: SavedAddress | undefined, values?: Partial<Record<string, string>>): AccountDoc {
  const current: Partial<Record<string, string>> = values ?? { ...saved?.address };
  const inputs = ADDRESS_FIELDS.map((f) =>
    field(frame, f.name, f.label, f.name === 'phone' ? 'tel' : 'text', f.autocomplete, {
      value: current[f.name] ?? '',
      required: f.required,
      hint: f.name === 'country' ? 'Two letters, such as US, FR or DE.' : undefined,
    }),
  ).join('');
  const isDefault = values ? values.isDefault === 'true' : (saved?.isDefault ?? false);
  const checkbox = `<p class="account-field"><input id="account-isDefault" name="isDefault" type="checkbox" value="true"${isDefault ? ' checked' : ''}> <label for="account-isDefault">${e(t(frame, 'Use as my default address'))}</label></p>`;
  const action = saved ? `/account/addresses/${saved.id}` : '/account/addresses';
  return inTheme(
    page(
      frame,
      saved ? 'Edit address' : 'Add an address',
      form(frame, action, inputs + checkbox, 'Save address', { xsrfToken }) +
        `<p><a href="${e(at(frame, '/account'))}#addresses">${e(t(frame, 'Back to your account'))}</a></p>`,
    ),
  );
}

function day(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale.replace(/_/g, '-'), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
}

/**
 * The person's restock sign-ups, one page newest first, each with a form to withdraw it; `More`
 * follows the cursor. Products by their titles in the page's language, dates and states too.
 */
export function restockSection(frame: PageFrame, signUps: Page<AccountSignUp>, xsrfToken: string, paged: boolean, records: AccountRecordTexts): string {
  const locale = frame.language.code;
  if (signUps.items.length === 0 && !paged) return '';
  const items = signUps.items
    .map((s) => {
      const name = s.productName ? records.itemTitle(s.productId, s.productName) : '';
      const what = s.sku ? `${name} (${s.sku})` : name || t(frame, 'A product no longer sold');
      const date = day(s.createdAt, locale);
      const state = s.notifiedAt
        ? t(frame, 'signed up {date}, mailed {mailed}.', { date, mailed: day(s.notifiedAt, locale) })
        : t(frame, 'signed up {date}, waiting.', { date });
      return `<li><p><strong>${e(what)}</strong>: ${e(state)}</p>${form(frame, `/account/restock/${s.id}/delete`, '', 'Stop this notice', { xsrfToken })}</li>`;
    })
    .join('');
  const pager = [
    paged ? `<a href="${e(at(frame, '/account'))}#restock">${e(t(frame, 'Newest sign-ups'))}</a>` : '',
    signUps.hasNextPage && signUps.nextPageCursor
      ? `<a href="${e(at(frame, '/account'))}?restock=${encodeURIComponent(signUps.nextPageCursor)}#restock" rel="next">${e(t(frame, 'Older sign-ups'))}</a>`
      : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    `<h2 id="restock">${e(t(frame, 'Back-in-stock notices'))}</h2>` +
    (items ? `<ul class="account-restock">${items}</ul>` : `<p>${e(t(frame, 'No more sign-ups.'))}</p>`) +
    (pager ? `<nav aria-label="${e(t(frame, 'Restock sign-up pages'))}"><p>${pager}</p></nav>` : '')
  );
}
