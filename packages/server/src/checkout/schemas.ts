import { Money, REQUEST_OBJECT, ShippingBody } from '../cart/index.js';
import { DownloadLink } from '../downloads/index.js';
import { z } from '../http/schemas.js';

/** Body of PUT /api/commerce/checkout/subscription/shipping: the subscription cart's token and its shipping. */
export const SubscriptionShippingBody = ShippingBody.extend({ cartToken: z.string().max(64).optional().describe('Token from the subscription cart call') });

const INVALID_EMAIL = 'Please enter a valid email';
const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
const addressField = z.string({ error: 'Address fields must be text.' }).trim().max(200, { error: 'Address fields hold at most 200 characters.' }).optional();

/** A postal address as a visitor sends it; which fields are required is checked at checkout ('Required' per field). */
export const AddressInput = z.object(
  {
    firstName: addressField,
    lastName: addressField,
    address1: addressField,
    address2: addressField,
    city: addressField,
    region: addressField,
    postalCode: addressField,
    country: addressField.describe('ISO 3166-1 alpha-2'),
    phone: addressField,
  },
  { error: 'An address must be an object.' },
);

/** Body of POST /api/commerce/checkout. */
export const CheckoutBody = z.object(
  {
    email: z.string({ error: INVALID_EMAIL }).trim().min(3, { error: INVALID_EMAIL }).max(256, { error: INVALID_EMAIL }).regex(EMAIL, { error: INVALID_EMAIL }),
    shippingAddress: AddressInput.nullish().describe('Required when the cart ships'),
    billingAddress: AddressInput.nullish(),
    shippingOptionId: z.string({ error: 'shippingOptionId must be a string.' }).trim().max(64, { error: 'shippingOptionId must be a string.' }).nullish(),
    couponCodes: z
      .array(z.string(), { error: 'couponCodes must be a list of at most 10 codes.' })
      .max(10, { error: 'couponCodes must be a list of at most 10 codes.' })
      .nullish()
      .describe('Codes to use; left out keeps the codes already on the cart'),
    giftCardCode: z.string({ error: 'giftCardCode must be a string.' }).trim().max(64, { error: 'This gift card code is not valid.' }).nullish(),
    payment: z
      .looseObject(
        {
          provider: z
            .string({ error: 'payment.provider is required.' })
            .min(1, { error: 'payment.provider is required.' })
            .describe('Payment provider id, e.g. test'),
        },
        { error: 'payment must be an object.' },
      )
      .nullish()
      .describe('The provider and its own details (the test provider reads cardNumber)'),
  },
  REQUEST_OBJECT,
);

/** Body of POST /api/commerce/checkout/subscription: the checkout body and the subscription cart's token. */
export const SubscriptionCheckoutBody = CheckoutBody.extend({ cartToken: z.string().max(64).optional().describe('Token from the subscription cart call') });

const OrderItem = z.object({
  itemId: z.string(),
  sku: z.string().nullable(),
  productName: z.string(),
  quantity: z.number().int(),
  unitPrice: Money,
  lineTotal: Money,
  additionalFields: z.unknown(),
});

const OpenRecord = z.record(z.string(), z.unknown());

/** An order as the checkout answers it (spec 3 Order fields and what the confirmation page shows); money in minor units. */
export const OrderSchema = z
  .object({
    id: z.string(),
    orderNumber: z.number().int(),
    websiteId: z.string(),
    purchasedCartId: z.string().nullable(),
    testMode: z.boolean(),
    status: z.string(),
    createdOn: z.number(),
    customerEmail: z.string(),
    shippingAddress: OpenRecord.nullable(),
    billingAddress: OpenRecord.nullable(),
    currency: z.string(),
    items: z.array(OrderItem),
    subtotal: Money,
    discountTotal: Money,
    shippingTotal: Money,
    taxTotal: Money,
    grandTotal: Money,
    coupons: z.array(z.unknown()),
    shippingOption: OpenRecord.nullable(),
    taxLines: z.array(z.unknown()),
    giftCardPayment: z.object({ codeEnding: z.string(), amount: Money }).nullable(),
    payment: OpenRecord,
    purchasedGiftCards: z.array(z.object({ code: z.string(), amount: Money })),
    subscription: OpenRecord.nullable().describe('The plan when the order is a subscription'),
  })
  .describe('An order');

/** Answer of the checkout calls. */
export const CheckoutAnswer = z.object({
  order: OrderSchema,
  confirmationUrl: z.string().describe('The order-confirmed page'),
  statusUrl: z.string().describe('Unguessable link of the order status page'),
  downloads: z.array(DownloadLink).describe("Download links of the order's digital products"),
  payment: z
    .object({ status: z.enum(['succeeded', 'requires_action', 'processing']), clientSecret: z.string().optional() })
    .optional()
    .describe("A provider's payment: succeeded, or still to finish in the browser with Stripe.js (clientSecret)"),
  orderReceivedUrl: z.string().optional().describe('The order received page (207), which follows a payment still being confirmed'),
});
