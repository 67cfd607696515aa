import { SUBSCRIPTION_STATES } from '../db/schema-subscriptions.js';
import { PageEnd, PageQuery, z } from '../http/schemas.js';

const iso = z.string().nullable().describe('ISO 8601, or null');
const plan = z.object({
  billingPeriod: z.object({ value: z.number().int(), unit: z.enum(['WEEK', 'MONTH', 'YEAR']) }),
  numBillingCycles: z.number().int().describe('0 means indefinite'),
});
const state = z.enum(SUBSCRIPTION_STATES);
const actions = { canPause: z.boolean(), canResume: z.boolean(), canCancel: z.boolean() };

/** Route parameters naming a subscription by its customer's manage token. */
export const ManageParams = z.object({ token: z.string().max(200).describe("The secret token of the customer's manage link") });

/** Route parameters naming a subscription by id (owner). */
export const SubscriptionParams = z.object({ subscriptionId: z.string().max(64).describe('The subscription id') });

/** What the customer's manage link shows. */
export const CustomerSubscription = z.object({
  state,
  stateText: z.string(),
  priceText: z.string().describe('e.g. "$32.00 every month for 6 months"'),
  amount: z.object({ value: z.number().int(), currency: z.string() }),
  plan,
  cyclesBilled: z.number().int(),
  nextBillingAt: iso,
  nextRetryAt: iso,
  paymentMethod: z.object({ brand: z.string().nullable(), last4: z.string().nullable() }),
  lines: z.array(z.object({ productName: z.string(), sku: z.string().nullable(), quantity: z.number().int(), unitPriceText: z.string() })),
  startedAt: z.string(),
  ...actions,
});

/** The answer of a customer's call: the subscription as it is now. */
export const CustomerSubscriptionAnswer = z.object({ subscription: CustomerSubscription });

/** Query of the owner's subscription list. */
export const SubscriptionListQuery = PageQuery.extend({
  state: z.enum(SUBSCRIPTION_STATES, { error: `state must be one of ${SUBSCRIPTION_STATES.join(', ')}.` }).optional(),
});

/** One row of the owner's subscription list. Money in minor units of `currency`. */
export const SubscriptionListItem = z.object({
  id: z.string(),
  state,
  customerEmail: z.string(),
  currency: z.string(),
  amountCents: z.number().int(),
  priceText: z.string(),
  cyclesBilled: z.number().int(),
  numBillingCycles: z.number().int(),
  nextBillingAt: iso,
  nextRetryAt: iso,
  firstOrderId: z.string(),
  firstOrderNumber: z.number().int().nullable(),
  createdAt: z.string(),
});

/** A page of the owner's subscription list, newest first. */
export const SubscriptionPage = z.object({ subscriptions: z.array(SubscriptionListItem), ...PageEnd });

/** The owner's view of one subscription with its renewals. */
export const SubscriptionDetail = SubscriptionListItem.extend({
  plan,
  dunningAttempts: z.number().int(),
  pausedAt: iso,
  endedAt: iso,
  paymentMethod: z.object({ provider: z.string(), brand: z.string().nullable(), last4: z.string().nullable() }),
  lines: z.array(z.object({ productName: z.string(), sku: z.string().nullable(), quantity: z.number().int(), unitPriceCents: z.number().int() })),
  renewals: z.array(
    z.object({
      cycle: z.number().int(),
      attempt: z.number().int(),
      outcome: z.enum(['pending', 'paid', 'declined']),
      message: z.string(),
      orderId: z.string().nullable(),
      orderNumber: z.number().int().nullable(),
      updatedAt: z.string(),
    }),
  ),
  ...actions,
});
