import { validateRestockEmail } from '@emporium/forms';
import { AppError } from '../http/errors.js';

/** A checked restock sign-up body (spec 3 Restock sign-up). */
export interface RestockRequest {
  joinMailingList: boolean;
  productId: string;
  variantId: string;
  email: string;
  captchaToken: string | undefined;
  enterpriseToken: string | undefined;
  language: string | undefined;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const LANGUAGE = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){0,3}$/;

function bad(message: string): AppError {
  return new AppError('BAD_REQUEST', message);
}

function optionalToken(input: Record<string, unknown>, name: string): string | undefined {
  const value = input[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 4000) throw bad(`${name} must be a string.`);
  return value;
}

/**
 * Checks the body of POST /api/site-users/account/notifications/restock. The email gives
 * 'Email cannot be blank' or 'Email is invalid' (the same rule as the browser); other problems
 * a 400 naming the field.
 */
export function parseRestockRequest(body: unknown): RestockRequest {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw bad('Request body must be a JSON object.');
  const input = body as Record<string, unknown>;
  const rawEmail = input.siteVisitorEmail ?? '';
  if (typeof rawEmail !== 'string') throw bad('siteVisitorEmail must be a string.');
  const problem = validateRestockEmail(rawEmail);
  if (problem) throw bad(problem);
  for (const name of ['productId', 'variantId']) {
    if (typeof input[name] !== 'string' || !ID.test(input[name] as string)) throw bad(`${name} is missing or malformed.`);
  }
  if (input.isJoinMailingList !== undefined && typeof input.isJoinMailingList !== 'boolean') throw bad('isJoinMailingList must be true or false.');
  const language = input.language;
  if (language !== undefined && (typeof language !== 'string' || !LANGUAGE.test(language))) throw bad('language must be a language tag.');
  return {
    joinMailingList: input.isJoinMailingList === true,
    productId: input.productId as string,
    variantId: input.variantId as string,
    email: rawEmail.trim(),
    captchaToken: optionalToken(input, 'captchaToken'),
    enterpriseToken: optionalToken(input, 'recaptchaEnterpriseV3Token'),
    language: language as string | undefined,
  };
}
