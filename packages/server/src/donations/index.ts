/** Donations: the donor's call (once or monthly, renewed by subscriptions), the owner's settings and list, and what the donate (203) and contribution confirmed (204) pages read. */
export { registerDonationRoutes, DONATIONS_PATH, OWNER_DONATIONS_PATH, DONATION_LIMIT, DONATION_BODY_LIMIT } from './routes.js';
export { giveDonation, donationAnswer, contributionConfirmedPath, DONATE_PATH, DONATION_CLAIM_SECONDS, type GiveDeps } from './give.js';
export { loadDonationSettings, saveDonationSettings, defaultDonationSettings, type DonationSettings } from './donation-settings.js';
export { donationAmountText, assertDonationAmount } from './donation-amount.js';
export { findDonationByReceipt } from './donation-list.js';
export { DonationMessages } from './donation-messages.js';
export { DONATION_RECEIPT_KIND } from './donation-mails.js';
export { MONTHLY_DONATION_PLAN, DONATION_ITEM_ID } from './donation-writer.js';
export * from './schemas.js';
