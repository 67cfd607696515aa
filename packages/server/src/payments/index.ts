/** Payment providers behind one interface; the built-in test provider. */
export type { PaymentProvider, AuthorizationRequest, AuthorizationResult } from './payment-provider.js';
export {
  TestPaymentProvider,
  TEST_CARD_APPROVED,
  TEST_CARD_DECLINED,
  CARD_DECLINED_MESSAGE,
  CARD_NUMBER_INVALID_MESSAGE,
  TEST_CARD_ONLY_MESSAGE,
  cardDigits,
  type TestAuthorizationState,
} from './test-provider.js';
