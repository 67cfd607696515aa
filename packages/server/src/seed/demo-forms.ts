import type { FormSeed } from './seed-writer.js';

/** The newsletter sign-up form (one email field). */
export const NEWSLETTER_FORM: FormSeed = {
  name: 'Newsletter',
  fields: [{ id: 'email', type: 'email', title: 'Email address', placeholder: 'you@example.com', required: true }],
  submitLabel: 'Sign up',
  submissionMessage: 'Thank you! Look out for our next letter.',
  disclaimerMessage: 'One letter a month. Unsubscribe any time.',
};

/** A contact form with several field kinds. */
export function contactForm(topics: string[]): FormSeed {
  return {
    name: 'Contact',
    fields: [
      { id: 'name', type: 'name', title: 'Name', required: true },
      { id: 'email', type: 'email', title: 'Email', required: true, placeholder: 'you@example.com' },
      { id: 'phone', type: 'phone', title: 'Phone', description: 'Optional, if you would rather we call.', showCountryCode: true },
      { id: 'topic', type: 'select', title: 'What is this about?', options: topics, required: true },
      { id: 'reply', type: 'radio', title: 'How should we reply?', options: ['Email', 'Phone'] },
      { id: 'interests', type: 'checkbox', title: 'Tell me more about', options: ['New collections', 'Workshops', 'Wholesale'] },
      { id: 'message', type: 'textarea', title: 'Message', required: true, placeholder: 'How can we help?' },
      { id: 'source', type: 'hidden', key: 'utm_source', value: 'website' },
    ],
    submitLabel: 'Send message',
    submissionMessage: 'Thanks for writing. We reply within two working days.',
  };
}

/** Additional fields asked when booking a workshop seat. */
export const WORKSHOP_FORM: FormSeed = {
  name: 'Workshop booking details',
  fields: [
    { id: 'attendee', type: 'text', title: 'Attendee name', required: true },
    { id: 'diet', type: 'textarea', title: 'Dietary needs', description: 'We cook a vegetarian lunch.' },
  ],
  submitLabel: 'Add to Cart',
  submissionMessage: '',
};
