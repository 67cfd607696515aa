/**
 * The member-area calls' schemas. Pure zod (no server code), so the dashboard types its calls
 * and validates its form with these very schemas (`@emporium/server/member-areas/schemas`).
 */
import { z } from 'zod';

const id = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/)
  .describe('An id');

/** Path parameters naming one member area. */
export const AreaParams = z.object({ areaId: id });

/** One gated page, collection or post. */
export const GateTarget = z.strictObject({
  kind: z.enum(['collection', 'item']).describe('collection: a page, blog, store or other collection; item: one post or item'),
  id,
});

/** A billing period of a recurring area (the subscription plan's period). */
export const BillingPeriod = z.strictObject({
  value: z.int().min(1).max(52),
  unit: z.enum(['WEEK', 'MONTH', 'YEAR']),
});

/** The fields an owner saves of a member area. */
export const MemberAreaFields = z.strictObject({
  name: z.string().trim().min(1).max(120),
  description: z.string().max(2000).default(''),
  priceCents: z.int().min(0).max(100_000_000).describe('Price in minor units of the store currency; 0 is free'),
  billing: z.enum(['one-time', 'recurring']).default('one-time'),
  billingPeriod: BillingPeriod.nullable().optional().describe('Required when billing is recurring'),
  trialDays: z.int().min(0).max(365).default(0),
  productItemId: id.nullable().optional().describe('The paywall product (type 5) that sells the area'),
  gates: z.array(GateTarget).max(500).optional().describe('What the area gates; absent leaves the gates as they are'),
});

/** The gates of an area, replaced as a whole. */
export const GatesBody = z.strictObject({ gates: z.array(GateTarget).max(500) });

/** A member area as the owner reads it. */
export const MemberAreaView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  priceCents: z.int(),
  currency: z.string(),
  billing: z.enum(['one-time', 'recurring']),
  billingPeriod: BillingPeriod.nullable(),
  trialDays: z.int(),
  productItemId: z.string().nullable(),
  joinUrl: z.string().describe('The join page on the site'),
  gates: z.array(z.object({ kind: z.enum(['collection', 'item']), id: z.string() })),
  activeMembers: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const MemberAreaList = z.object({ memberAreas: z.array(MemberAreaView), currency: z.string().describe('The store currency of prices') });

export type MemberAreaView = z.infer<typeof MemberAreaView>;
export type MemberAreaList = z.infer<typeof MemberAreaList>;

/** One member of an area. */
export const MemberView = z.object({
  id: z.string(),
  siteUserId: z.string(),
  email: z.string(),
  displayName: z.string(),
  source: z.enum(['order', 'free', 'owner']),
  orderId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  active: z.boolean(),
});

export const MemberList = z.object({ members: z.array(MemberView) });
export type MemberList = z.infer<typeof MemberList>;

export const Deleted = z.object({ deleted: z.literal(true) });

/** The join form's post (application/x-www-form-urlencoded). */
export const JoinForm = z
  .object({
    crumb: z.string().max(500).optional(),
    cardNumber: z.string().max(40).optional(),
  })
  .describe('The join form: the crumb and, for a paid area, the test card number');

/** The join page's card payment call (JSON, with the crumb in X-CSRF-Token): the PaymentMethod of Stripe's Payment Element. */
export const JoinPaymentBody = z.strictObject({
  paymentMethod: z
    .string()
    .regex(/^pm_[A-Za-z0-9_]{1,200}$/)
    .describe("Stripe's PaymentMethod id (pm_…) made by the Payment Element"),
});

/** Where a join's card payment stands. */
export const JoinPaymentAnswer = z.object({
  status: z
    .enum(['succeeded', 'requires_action', 'processing'])
    .describe('succeeded: the membership is held; requires_action: finish 3-D Secure, then send again; processing: the bank is still confirming'),
  clientSecret: z.string().optional().describe('For Stripe.js to finish 3-D Secure (requires_action only)'),
  redirectUrl: z.string().describe('Where the browser goes once the membership is held: the membership-confirmed page (208)'),
});
