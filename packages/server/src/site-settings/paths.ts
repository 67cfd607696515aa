/** Paths of the site settings calls, answered on the dashboard's origin. */
export const SiteSettingsPaths = Object.freeze({
  SETTINGS: '/api/owner/site-settings',
  CHOICES: '/api/owner/site-settings/choices',
  STORE: '/api/owner/site-settings/store',
  CAPTCHA: '/api/owner/site-settings/captcha',
  VISITOR: '/api/owner/site-settings/visitor',
});

/** Largest JSON body of a site settings change. */
export const SITE_SETTINGS_BODY_LIMIT = 32 * 1024;
