import { isValidEmail } from './email.js';
import { FormMessages } from './messages.js';

/** Body of POST /api/site-users/account/notifications/restock. */
export interface RestockPayload {
  readonly isJoinMailingList: boolean;
  readonly productId: string;
  readonly variantId: string;
  readonly siteVisitorEmail: string;
  readonly captchaToken?: string;
  readonly recaptchaEnterpriseV3Token?: string;
  readonly language?: string;
}

/** 'Email cannot be blank', 'Email is invalid', or null when the address is usable. */
export function validateRestockEmail(email: string): string | null {
  const trimmed = email.trim();
  if (trimmed === '') return FormMessages.RESTOCK_EMAIL_BLANK;
  return isValidEmail(trimmed) ? null : FormMessages.RESTOCK_EMAIL_INVALID;
}

/** Inputs of {@link buildRestockPayload}. */
export interface RestockInput {
  readonly email: string;
  readonly productId: string;
  readonly variantId: string;
  readonly joinMailingList: boolean;
  readonly captchaToken?: string;
  readonly enterpriseToken?: string;
  /** Sent only when the multilingual transactional emails flag is on and a translation widget is present. */
  readonly language?: string;
  readonly multilingualEmails?: boolean;
}

/** Validates and builds the restock sign-up payload; throws the visitor-facing message when invalid. */
export function buildRestockPayload(input: RestockInput): RestockPayload {
  const problem = validateRestockEmail(input.email);
  if (problem) throw new Error(problem);
  return {
    isJoinMailingList: input.joinMailingList,
    productId: input.productId,
    variantId: input.variantId,
    siteVisitorEmail: input.email.trim(),
    ...(input.enterpriseToken ? { recaptchaEnterpriseV3Token: input.enterpriseToken } : input.captchaToken ? { captchaToken: input.captchaToken } : {}),
    ...(input.multilingualEmails && input.language ? { language: input.language } : {}),
  };
}
