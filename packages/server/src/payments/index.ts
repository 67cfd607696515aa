/** Payment providers behind one interface; the built-in test provider. */
export type {
  PaymentProvider,
  AuthorizationRequest,
  AuthorizationResult,
  SavedPaymentMethod,
  SavedChargeRequest,
  SavedChargeResult,
  ProviderRefundRequest,
  ProviderRefundResult,
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
