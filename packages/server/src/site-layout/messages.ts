/** Refusals of the site-layout calls, as the dashboard shows them (the first is spec 8's own text). */
export const SiteLayoutMessages = Object.freeze({
  NO_NAVIGATION: 'Unable to find site main navigation',
  THEME_CHANGED: "The site's theme has changed since this navigation was read. Reload and try again.",
  NO_SUCH_PAGE: 'That page is not on this site.',
  NO_SUCH_MEMBER_AREA: 'That member area is not on this site.',
  ONE_TARGET: 'An entry links to exactly one of a page (collectionId), a link (externalLink) or a member area (memberAreaId).',
  BAD_LINK: 'A link must start with https://, http://, mailto: or /.',
  /** Spec 5: a mail link that is not a mail address. */
  emailForm: 'Emails must be formatted as mailto:name@example.com',
  /** Spec 5: a web address without a host name. */
  linkForm: 'Links must be formatted as https://example.com or http://example.com',
  /** Spec 5: a path that no page can have. */
  notAPageUrl: (val: string) => `${val} is not a valid page URL`,
  TOO_DEEP: 'Navigation entries nest at most 2 levels: a folder holds entries, not folders.',
  TOO_MANY: 'A navigation holds at most 100 entries.',
  NAVIGATION_REFUSED: 'The navigation was not saved. Fix the marked entries.',
  BAD_NAMESPACE: 'A preference namespace is 1 to 64 letters, digits, dots, dashes or underscores.',
  PREFERENCE_TOO_LARGE: 'Preferences of one namespace may be at most 16 KB.',
});
