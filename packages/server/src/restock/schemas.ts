import { FormMessages, validateRestockEmail } from '@emporium/forms';
import { PageEnd, PageQuery, z } from '../http/schemas.js';

/** Most variants in one send/all call. */
export const MAX_SEND_REQUESTS = 500;

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const LANGUAGE = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){0,3}$/;

const id = (name: string) => z.string({ error: `${name} is missing or malformed.` }).regex(ID, { error: `${name} is missing or malformed.` });
const token = (name: string) =>
  z
    .string({ error: `${name} must be a string.` })
    .max(4000, { error: `${name} must be a string.` })
    .nullish();

/**
 * Body of POST /api/site-users/account/notifications/restock (spec 3 Restock sign-up). The email
 * follows the browser's rule: 'Email cannot be blank' or 'Email is invalid' (spec 5, 8).
 */
export const RestockSignUpBody = z.object(
  {
    siteVisitorEmail: z
      .string({ error: 'siteVisitorEmail must be a string.' })
      .default('')
      .superRefine((value, ctx) => {
        const problem = validateRestockEmail(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .describe('The visitor email; trimmed'),
    productId: id('productId'),
    variantId: id('variantId'),
    isJoinMailingList: z.boolean({ error: 'isJoinMailingList must be true or false.' }).optional(),
    captchaToken: token('captchaToken'),
    recaptchaEnterpriseV3Token: token('recaptchaEnterpriseV3Token'),
    language: z.string({ error: 'language must be a language tag.' }).regex(LANGUAGE, { error: 'language must be a language tag.' }).optional(),
  },
  { error: 'Request body must be a JSON object.' },
);

/** Answer of a sign-up. */
export const RestockSignedUp = z.object({ success: z.literal(true) }).describe(`The browser then shows '${FormMessages.RESTOCK_SIGNED_UP}'`);

/** Query of the owner's sign-up group list. */
export const SignUpGroupsQuery = PageQuery;

/** Query of the owner's sign-up list, optionally of one product or variant. */
export const SignUpsQuery = PageQuery.extend({
  productId: z.string().max(64).optional(),
  variantId: z.string().max(64).optional(),
});

/** Sign-ups of one variant, counted. */
export const SignUpGroupJson = z.object({
  productId: z.string(),
  variantId: z.string(),
  productName: z.string(),
  sku: z.string(),
  pendingCount: z.number().int(),
  notifiedCount: z.number().int(),
  lastSignUpAt: z.string(),
});

/** One sign-up as the owner sees it. */
export const SignUpJson = z.object({
  id: z.string(),
  productId: z.string(),
  variantId: z.string(),
  email: z.string(),
  isJoinMailingList: z.boolean(),
  language: z.string().nullable(),
  createdAt: z.string(),
  notifiedAt: z.string().nullable(),
  productName: z.string().describe("The product's name ('' when it is gone)"),
  sku: z.string().describe("The variant's SKU ('' when it is gone)"),
});

/** A page of sign-up groups (spec 3). */
export const SignUpGroupPage = z.object({ signUpGroups: z.array(SignUpGroupJson), ...PageEnd });

/** A page of sign-ups (spec 3). */
export const SignUpPage = z.object({ signUps: z.array(SignUpJson), ...PageEnd });

/** One variant whose waiting sign-ups are mailed. */
export const SendRequestBody = z.object({ productId: id('productId'), variantId: id('variantId') }, { error: 'A send request needs productId and variantId.' });

/** Body of POST .../restock/send/all. */
export const SendAllBody = z.object({
  sendRequests: z
    .array(SendRequestBody, { error: 'sendRequests must be a list.' })
    .max(MAX_SEND_REQUESTS, { error: `sendRequests holds at most ${MAX_SEND_REQUESTS} entries.` }),
});

/** How many sign-ups of a variant were mailed. */
export const SendResult = SendRequestBody.extend({ notifiedCount: z.number().int() });

/** Answer of POST .../restock/send/all. */
export const SendAllResult = z.object({ results: z.array(SendResult), notifiedCount: z.number().int() });
