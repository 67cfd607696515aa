/** Subscriptions that renew: renewals with dunning on the job queue, the customer's manage link and the owner's calls. */
export { renewDueSubscriptions, renewSubscription, findDueSubscriptions, type RenewalDeps, type RenewalOutcome, type RenewalSweep } from './renewal.js';
export { workSubscriptionRenewals, SUBSCRIPTION_SWEEP_JOB, SUBSCRIPTION_RENEW_JOB, SUBSCRIPTION_SWEEP_CRON, type RenewJob } from './renewal-jobs.js';
export { registerSubscriptionRoutes, MANAGE_API_PATH, OWNER_SUBSCRIPTIONS_PATH } from './routes.js';
export { changeSubscription, findByManageToken, ACTION_FROM, canTake, type SubscriptionAction, type SubscriptionActor } from './subscription-actions.js';
export { DUNNING_RETRY_DAYS, RENEWAL_CLAIM_SECONDS, SubscriptionMessages, SUBSCRIPTION_STATE_TEXT } from './subscription-messages.js';
export * from './schemas.js';
