/** Where the owner's subscription calls live. */
export const SUBSCRIPTIONS_PATH = '/api/owner/subscriptions';

/** Subscription states, as the server names them, with their labels. */
export const SUBSCRIPTION_STATES = [
  { value: 'active', label: 'Active' },
  { value: 'past_due', label: 'Payment past due' },
  { value: 'paused', label: 'Paused' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'completed', label: 'Completed' },
] as const;

/** The label of a subscription state. */
export function stateLabel(state: string): string {
  return SUBSCRIPTION_STATES.find((candidate) => candidate.value === state)?.label ?? state;
}

/** One row of the subscription list (and the fields of a detail answer the screen reads). */
export interface SubscriptionListItem {
  readonly id: string;
  readonly state: string;
  readonly customerEmail: string;
  readonly currency: string;
  readonly amountCents: number;
  readonly priceText: string;
  readonly cyclesBilled: number;
  readonly numBillingCycles: number;
  readonly nextBillingAt: string | null;
  readonly nextRetryAt: string | null;
  readonly firstOrderId: string;
  readonly firstOrderNumber: number | null;
  readonly createdAt: string;
}

/** What an owner may do to a subscription, with the states it starts from (as the server allows). */
export const SUBSCRIPTION_ACTIONS = [
  { action: 'pause', label: 'Pause', from: ['active', 'past_due'] },
  { action: 'resume', label: 'Resume', from: ['paused'] },
  { action: 'cancel', label: 'Cancel', from: ['active', 'past_due', 'paused'] },
] as const;

/** One of {@link SUBSCRIPTION_ACTIONS}. */
export type SubscriptionActionName = (typeof SUBSCRIPTION_ACTIONS)[number]['action'];
