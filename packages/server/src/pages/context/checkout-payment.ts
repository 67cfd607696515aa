import type { CheckoutProps } from '@emporium/storefront';
import type { CspDirectives } from '../../http/security-headers.js';
import { STRIPE_JS_CSP_SOURCES as STRIPE_CSP, stripePublicConfig } from '../../payments/index.js';
import type { PageRequest } from './page-request.js';

/** What Stripe.js and its Payment Element need of a page's Content-Security-Policy (the payments module's list). */
export const STRIPE_JS_CSP_SOURCES: Readonly<CspDirectives> = STRIPE_CSP;

/** The parts of a checkout page that follow from the site's payment account. */
export interface CheckoutPayment {
  readonly stripe?: CheckoutProps['stripe'];
  readonly contentSecurity?: CspDirectives;
}

/** A checkout page's Stripe props and CSP sources when the site has connected Stripe; nothing otherwise. */
export async function checkoutPayment(req: PageRequest): Promise<CheckoutPayment> {
  const stripe = await stripePublicConfig(req.db, req.site.id);
  if (!stripe) return {};
  return {
    stripe: { publishableKey: stripe.publishableKey, accountCountry: stripe.accountCountry, testMode: stripe.testMode },
    contentSecurity: STRIPE_JS_CSP_SOURCES,
  };
}
