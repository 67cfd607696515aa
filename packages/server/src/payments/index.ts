/** Payment providers behind one interface; the built-in test provider. */
export type {
  PaymentProvider,
  AuthorizationRequest,
  AuthorizationResult,
  SavedPaymentMethod,
  SavedChargeRequest,
  SavedChargeResult,
  SaveMethodRequest,
  SaveMethodResult,
  ProviderRefundRequest,
  ProviderRefundResult,
  ProviderPaymentFacts,
  ProviderPaymentState,
} from './payment-provider.js';
export {
  TestPaymentProvider,
  TEST_CARD_APPROVED,
  TEST_CARD_DECLINED,
  TEST_CARD_FAILS_LATER,
  REFUND_EXCEEDS_PAYMENT_MESSAGE,
  CARD_DECLINED_MESSAGE,
  CARD_NUMBER_INVALID_MESSAGE,
  TEST_CARD_ONLY_MESSAGE,
  cardDigits,
  type TestAuthorizationState,
} from './test-provider.js';
export { PaymentProviders } from './registry.js';
export {
  stripePublicConfig,
  stripeConnection,
  loadStripeAccount,
  saveStripeAccount,
  deleteStripeAccount,
  checkStripeKeys,
  sealingKeySource,
  type StripeKeys,
  type StripeAccount,
  type StripePublicConfig,
} from './stripe/account.js';
export { StripePaymentProvider, type IntentOutcome, type IntentStatus } from './stripe/provider.js';
export { StripeMessages, STRIPE_WEBHOOK_PATH, STRIPE_JS_CSP_SOURCES } from './stripe/messages.js';
