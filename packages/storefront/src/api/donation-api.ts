import type { HttpContext } from './http.js';
import { requestJson } from './http.js';

/** Path of the donation call. */
export const DONATIONS_PATH = '/api/commerce/donations';

/** Body of POST /api/commerce/donations. */
export interface DonationRequest {
  readonly amountCents: number;
  readonly currency: string;
  readonly frequency: 'once' | 'monthly';
  readonly email: string;
  readonly name?: string;
  readonly payment: { readonly provider: 'test'; readonly cardNumber: string } | { readonly provider: 'stripe'; readonly paymentMethod: string };
}

/** Answer of the donation call. */
export interface DonationResponse {
  readonly donation: { readonly id: string; readonly status: string; readonly amountText: string };
  /** Path of the contribution confirmed page (page type 204). */
  readonly confirmationUrl: string;
}

/** Gives a donation; the same `key` for a repeated submit gives once. */
export function postDonation(ctx: HttpContext, request: DonationRequest, key: string | undefined): Promise<DonationResponse> {
  return requestJson<DonationResponse>(ctx, DONATIONS_PATH, { method: 'POST', body: request, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) });
}
