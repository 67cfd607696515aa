/** Texts of member areas, shown to owners and visitors as written. */
export const MemberAreaMessages = Object.freeze({
  NOT_FOUND: 'This member area does not exist.',
  PRODUCT_NOT_PAYWALL: 'Choose a paywall product of this site to sell the member area.',
  PRODUCT_TAKEN: 'This paywall product already sells another member area.',
  PERIOD_REQUIRED: 'A recurring member area needs a billing period.',
  GATE_TARGET_UNKNOWN: 'Gated pages and posts must be pages and posts of this site.',
  SIGN_IN_TO_JOIN: 'Sign in to your account to join this member area.',
  ACCOUNTS_OFF: 'Customer accounts are not turned on for this site, so this member area cannot be joined.',
  NOT_FOR_SALE: 'This member area is not for sale yet.',
  ALREADY_MEMBER: 'You are already a member.',
  JOIN_BUTTON: 'Join',
  MEMBERSHIP_CONFIRMED: 'Membership confirmed',
});

/** Most member areas a site may have. */
export const MAX_MEMBER_AREAS = 100;
/** Most pages, collections and posts one member area may gate. */
export const MAX_GATES_PER_AREA = 500;
