/** Refusals of the site settings calls, as the dashboard shows them. */
export const SiteSettingsMessages = Object.freeze({
  BAD_TIME_ZONE: 'Choose a time zone from the list.',
  BAD_LOCALE: 'Enter a locale such as en-US, fr-FR or de.',
  BAD_CURRENCY: 'Choose a currency by its ISO 4217 code, such as USD or EUR.',
  CURRENCY_HAS_ORDERS:
    'The currency cannot change: this store has taken orders, and its reports, refunds and order history are kept in the currency they were paid in.',
  CURRENCY_NEEDS_CONFIRMATION:
    'Prices are not converted: every product keeps its amount, shown in the new currency. Check your prices, then confirm the change.',
  BAD_LINK: 'A link must start with https://, http:// or / (a page of your site).',
  BAD_IMAGE: 'An image address must start with https:// or / (an uploaded file).',
  BAD_ACCOUNT: 'A social account is an https:// address of your profile.',
  BANNER_TEXT_REQUIRED: 'Write what the cookie banner says before turning it on.',
  KEYS_NEED_SITE_KEY: 'Enter the site key Google gave you for this site.',
  KEYS_NEED_SECRET: 'Enter the secret key Google gave you (it is stored sealed and never shown again).',
  KEYS_NEED_PROJECT: 'Enter the Google Cloud project id and API key of your reCAPTCHA Enterprise key.',
});
