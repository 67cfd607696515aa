import { z } from '../http/schemas.js';
import { DONATION_FREQUENCIES } from '../db/schema-donations.js';
import { MAX_MONEY_CENTS } from '../store-settings/index.js';
import { DonationMessages } from './donation-messages.js';

const REQUEST_OBJECT = { error: 'Request body must be a JSON object.' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

const cents = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of minor units (cents).` })
    .int({ error: `${what} must be a whole number of minor units (cents).` })
    .min(1, { error: `${what} must be at least 1 minor unit.` })
    .max(MAX_MONEY_CENTS, { error: `${what} can be at most ${MAX_MONEY_CENTS} minor units.` });

const text = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text.` })
    .trim()
    .max(max, { error: `${what} holds at most ${max} characters.` });

/** Body of POST /api/commerce/donations. */
export const DonationBody = z.object(
  {
    amountCents: cents('amountCents').describe("The amount in minor units of the store's currency (JPY has none: yen)"),
    currency: z.string({ error: 'currency is required.' }).regex(/^[A-Z]{3}$/, { error: 'currency must be a three-letter code.' }),
    frequency: z.enum(DONATION_FREQUENCIES, { error: 'frequency must be once or monthly.' }).default('once'),
    email: z
      .string({ error: DonationMessages.INVALID_EMAIL })
      .trim()
      .max(256, { error: DonationMessages.INVALID_EMAIL })
      .regex(EMAIL, { error: DonationMessages.INVALID_EMAIL }),
    name: text('name', 200).optional(),
    payment: z
      .looseObject(
        { provider: z.string({ error: 'payment.provider is required.' }).min(1, { error: 'payment.provider is required.' }) },
        { error: 'payment must be an object.' },
      )
      .describe('The provider and its own details (the test provider reads cardNumber, Stripe paymentMethod)'),
  },
  REQUEST_OBJECT,
);
/** A parsed {@link DonationBody}. */
export type DonationBody = z.infer<typeof DonationBody>;

/** A donation as its donor and the owner see it. */
export const DonationJson = z.object({
  id: z.string(),
  status: z.enum(['pending', 'paid', 'failed']),
  frequency: z.enum(DONATION_FREQUENCIES),
  amountCents: z.number().int(),
  currency: z.string(),
  amountText: z.string().describe('The amount formatted in the site locale, with "/month" for monthly ones'),
});

/** Answer of POST /api/commerce/donations. */
export const DonationAnswer = z.object({
  donation: DonationJson,
  confirmationUrl: z.string().describe('The contribution confirmed page (204)'),
});
/** A {@link DonationAnswer}. */
export type DonationAnswer = z.infer<typeof DonationAnswer>;

/** The owner's donation settings (PUT body and answer). */
export const DonationSettingsBody = z.object(
  {
    enabled: z.boolean({ error: 'enabled must be true or false.' }),
    title: text('title', 120),
    description: text('description', 1000),
    suggestedAmounts: z.array(cents('Each suggested amount'), { error: 'suggestedAmounts must be a list.' }).max(6, { error: 'At most 6 suggested amounts.' }),
    allowCustom: z.boolean({ error: 'allowCustom must be true or false.' }),
    minCents: cents('minCents'),
    maxCents: cents('maxCents'),
    allowMonthly: z.boolean({ error: 'allowMonthly must be true or false.' }),
    thankYou: text('thankYou', 2000),
  },
  REQUEST_OBJECT,
);

/** Answer of the owner's settings calls: the settings and the store's currency they are in. */
export const DonationSettingsAnswer = z.object({ settings: DonationSettingsBody, currency: z.string() });

/** One donation in the owner's list. */
export const OwnerDonation = DonationJson.extend({
  donorEmail: z.string(),
  donorName: z.string(),
  message: z.string().describe("The provider's reason when it failed"),
  testMode: z.boolean(),
  orderId: z.string().nullable(),
  subscription: z
    .object({ id: z.string(), state: z.string(), cyclesBilled: z.number().int() })
    .nullable()
    .describe('The subscription renewing a monthly donation'),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});

/** Query of the owner's donation list. */
export const DonationListQuery = z.object({
  status: z.enum(['pending', 'paid', 'failed'], { error: 'status must be pending, paid or failed.' }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number from 1 to 100.' })
    .int()
    .min(1)
    .max(100, { error: 'limit must be a number from 1 to 100.' })
    .optional(),
  cursor: z.string().max(200).optional(),
});

/** Answer of the owner's donation list. */
export const DonationPage = z.object({ donations: z.array(OwnerDonation), hasNextPage: z.boolean(), nextPageCursor: z.string().nullable() });
