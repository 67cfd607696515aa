import type { SubscriptionState } from '../db/schema-subscriptions.js';

/** Days after a cycle's due date that a declined renewal is tried again; after the last retry fails the subscription is cancelled. */
export const DUNNING_RETRY_DAYS: readonly number[] = Object.freeze([1, 3, 7]);

/** A claimed renewal not finished within this time may be claimed again (its server may have died); the charge's idempotency key keeps it one charge. */
export const RENEWAL_CLAIM_SECONDS = 300;

/** Texts of the subscription calls and pages, in one place. */
export const SubscriptionMessages = Object.freeze({
  NOT_FOUND: 'This subscription does not exist.',
  PROVIDER_UNAVAILABLE: 'The payment provider of this subscription is not available.',
  CANNOT_PAUSE: 'Only an active or past-due subscription can be paused.',
  CANNOT_RESUME: 'Only a paused subscription can be resumed.',
  CANNOT_CANCEL: 'This subscription has already ended.',
});

/** What each state is called on pages, mails and the dashboard. */
export const SUBSCRIPTION_STATE_TEXT: Readonly<Record<SubscriptionState, string>> = Object.freeze({
  active: 'Active',
  past_due: 'Payment past due',
  paused: 'Paused',
  cancelled: 'Cancelled',
  completed: 'Completed',
});
