import { forms } from '../db/index.js';
import type { DbOrTx } from '../db/types.js';
import { CollectionType } from '../spec/index.js';
import { SeedWriter } from './seed-writer.js';

/** Path of the page holding the every-field survey and the wholesale form (redirecting). */
export const SURVEY_PAGE_URL_ID = 'studio-survey';
/** Where the wholesale enquiry form sends the visitor after a successful submission. */
export const WHOLESALE_THANKS_URL_ID = 'wholesale-thanks';

/** Fields of the studio survey: one of each of the 19 field kinds of spec section 3. */
export const SURVEY_FIELDS: Record<string, unknown>[] = [
  { id: 'survey-name', type: 'name', title: 'Your name', required: true },
  { id: 'survey-email', type: 'email', title: 'Email', required: true, placeholder: 'you@example.com' },
  { id: 'survey-phone', type: 'phone', title: 'Phone', description: 'Only if you would like a call back.', showCountryCode: true },
  { id: 'survey-address', type: 'address', title: 'Postal address', description: 'Where should we send your sample swatch?' },
  { id: 'survey-visit', type: 'section', title: 'Your last visit', description: 'Tell us about your last visit to the studio.', underline: true },
  { id: 'survey-date', type: 'date', title: 'Date of your visit' },
  { id: 'survey-time', type: 'time', title: 'Time of your visit' },
  { id: 'survey-found', type: 'radio', title: 'How did you find us?', options: ['A friend', 'Instagram', 'Walking past', 'The market'], required: true },
  { id: 'survey-bought', type: 'checkbox', title: 'What did you buy?', options: ['Linen', 'Ceramics', 'Candles', 'Nothing this time'], required: true },
  { id: 'survey-favourite', type: 'select', title: 'Favourite range', options: ['Linen', 'Ceramics', 'Natural dye', 'Workshops'], required: true },
  {
    id: 'survey-opinions',
    type: 'likert',
    title: 'How far do you agree?',
    options: ['The studio was easy to find.', 'Prices felt fair.', 'Staff were helpful.'],
  },
  { id: 'survey-idea', type: 'text', title: 'One thing we should make next', placeholder: 'A linen apron?' },
  { id: 'survey-story', type: 'textarea', title: 'Anything else?', description: 'Up to 280 characters.', placeholder: 'Tell us more', maxLength: 280 },
  { id: 'survey-visits', type: 'number', title: 'Visits this year', placeholder: '1' },
  { id: 'survey-website', type: 'website', title: 'Your website', placeholder: 'https://' },
  { id: 'survey-budget', type: 'currency', title: 'Gift budget', currencySymbol: '$' },
  { id: 'survey-code', type: 'password', title: 'Workshop voucher code', description: 'Printed on your voucher card.' },
  { id: 'survey-twitter', type: 'twitter', title: 'Twitter handle' },
  { id: 'survey-source', type: 'hidden', key: 'utm_source', value: 'website' },
];

/** Fields of the wholesale enquiry form. */
export const WHOLESALE_FIELDS: Record<string, unknown>[] = [
  { id: 'wholesale-shop', type: 'text', title: 'Shop name', required: true },
  { id: 'wholesale-email', type: 'email', title: 'Buyer email', required: true, placeholder: 'buyer@yourshop.com' },
  { id: 'wholesale-ranges', type: 'checkbox', title: 'Ranges you stock', options: ['Linen', 'Ceramics', 'Candles'] },
];

/**
 * Adds the studio survey page: a form with every field kind (captcha on: self-hosted proof of
 * work by default) and a wholesale enquiry form that redirects to a thank-you page.
 */
export async function seedFormPages(db: DbOrTx, websiteId: string): Promise<{ surveyFormId: string; wholesaleFormId: string }> {
  const w = new SeedWriter(db, websiteId);
  const [survey] = await db
    .insert(forms)
    .values({
      websiteId,
      name: 'Studio survey',
      fields: SURVEY_FIELDS,
      submitLabel: 'Send survey',
      submissionMessage: '<p>Thank you for taking the survey!</p>',
      submissionHtml: '<p>Show this page at the studio for a free <strong>linen napkin</strong>.</p>',
      disclaimerMessage: '<p>We use your answers only to improve the studio.</p>',
      captchaEnabled: true,
    })
    .returning({ id: forms.id });
  const [wholesale] = await db
    .insert(forms)
    .values({
      websiteId,
      name: 'Wholesale enquiry',
      fields: WHOLESALE_FIELDS,
      submitLabel: 'Send enquiry',
      submissionMessage: 'Thanks, our wholesale team will be in touch.',
      successRedirect: `/${WHOLESALE_THANKS_URL_ID}`,
    })
    .returning({ id: forms.id });
  await w.collection({
    type: CollectionType.PAGE,
    urlId: SURVEY_PAGE_URL_ID,
    title: 'Studio Survey',
    displayIndex: 7,
    settings: {
      blocks: [
        { typeName: 'html', title: 'Help us make the studio better', html: '<p>Five minutes of your time, and a free linen napkin on your next visit.</p>' },
        { typeName: 'form', title: 'Studio survey', description: 'Fields marked (required) must be filled in.', formId: survey!.id },
        { typeName: 'form', title: 'Wholesale enquiries', description: 'Stock our goods in your shop.', formId: wholesale!.id },
      ],
    },
  });
  await w.collection({
    type: CollectionType.PAGE,
    urlId: WHOLESALE_THANKS_URL_ID,
    title: 'Thanks for your enquiry',
    displayIndex: 8,
    settings: {
      blocks: [
        { typeName: 'html', title: 'Thanks for your enquiry', html: '<p>Our wholesale team replies within three working days with our trade price list.</p>' },
      ],
    },
  });
  return { surveyFormId: survey!.id, wholesaleFormId: wholesale!.id };
}
