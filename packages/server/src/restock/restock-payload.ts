import type { z } from '../http/schemas.js';
import type { RestockSignUpBody } from './schemas.js';

/** A checked restock sign-up (spec 3 Restock sign-up). */
export interface RestockRequest {
  joinMailingList: boolean;
  productId: string;
  variantId: string;
  email: string;
  captchaToken: string | undefined;
  enterpriseToken: string | undefined;
  language: string | undefined;
}

/**
 * The sign-up a body checked by {@link RestockSignUpBody} asks for: email trimmed, empty tokens
 * absent, the language the body names (spec 3), else `pageLanguage` (the language of the page the
 * visitor signed up from, decision 0052).
 */
export function toRestockRequest(body: z.infer<typeof RestockSignUpBody>, pageLanguage?: string): RestockRequest {
  return {
    joinMailingList: body.isJoinMailingList === true,
    productId: body.productId,
    variantId: body.variantId,
    email: body.siteVisitorEmail.trim(),
    captchaToken: body.captchaToken || undefined,
    enterpriseToken: body.recaptchaEnterpriseV3Token || undefined,
    language: body.language ?? pageLanguage,
  };
}
