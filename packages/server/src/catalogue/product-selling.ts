import type { MerchandisingFields, ProductView, RestockMessages } from './schemas.js';

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

const RESTOCK_MESSAGE_KEYS = ['CTAText', 'buttonText', 'placeholderText', 'mailingListDescription', 'successText'] as const;
/** The merchandising keys the product editor owns; other keys (imported reviews display, express checkout) are kept as they are. */
const EDITOR_KEYS = [
  'scarcityEnabled',
  'scarcityThreshold',
  'scarcityText',
  'restockNotificationsEnabled',
  'restockNotificationMessages',
  'mailingListSignUpEnabled',
  'mailingListOptInByDefault',
  'customSoldOutText',
  'nativeReviewsDisplayEnabled',
] as const;
const DEFAULT_SCARCITY_THRESHOLD = 5;

/** The editor's merchandising settings of a product's stored `merchandising` (defaults where unset). */
export function merchandisingOf(stored: Readonly<Record<string, unknown>>): MerchandisingFields {
  const messages = stored.restockNotificationMessages && typeof stored.restockNotificationMessages === 'object' ? stored.restockNotificationMessages : {};
  const threshold = stored.scarcityThreshold;
  return {
    scarcityEnabled: stored.scarcityEnabled === true,
    scarcityThreshold: typeof threshold === 'number' && Number.isInteger(threshold) && threshold >= 1 ? threshold : DEFAULT_SCARCITY_THRESHOLD,
    scarcityText: stringOf(stored.scarcityText),
    restockNotificationsEnabled: stored.restockNotificationsEnabled === true,
    restockNotificationMessages: Object.fromEntries(
      RESTOCK_MESSAGE_KEYS.map((key) => [key, stringOf((messages as Record<string, unknown>)[key])]),
    ) as RestockMessages,
    mailingListSignUpEnabled: stored.mailingListSignUpEnabled === true,
    mailingListOptInByDefault: stored.mailingListOptInByDefault === true,
    customSoldOutText: stringOf(stored.customSoldOutText),
    nativeReviewsDisplayEnabled: stored.nativeReviewsDisplayEnabled === true,
  };
}

/**
 * The stored `merchandising` after the owner saved `fields`: the editor's keys replaced, empty
 * texts left out (the storefront then shows its default text), every other key kept.
 */
export function mergedMerchandising(stored: Readonly<Record<string, unknown>>, fields: MerchandisingFields): Record<string, unknown> {
  const replaced = EDITOR_KEYS.filter((key) => key !== 'nativeReviewsDisplayEnabled' || fields.nativeReviewsDisplayEnabled !== undefined) as readonly string[];
  const kept = Object.fromEntries(Object.entries(stored).filter(([key]) => !replaced.includes(key)));
  const messages = Object.fromEntries(
    RESTOCK_MESSAGE_KEYS.filter((key) => fields.restockNotificationMessages[key]).map((key) => [key, fields.restockNotificationMessages[key]]),
  );
  return {
    ...kept,
    scarcityEnabled: fields.scarcityEnabled,
    scarcityThreshold: fields.scarcityThreshold,
    ...(fields.scarcityText ? { scarcityText: fields.scarcityText } : {}),
    restockNotificationsEnabled: fields.restockNotificationsEnabled,
    ...(Object.keys(messages).length > 0 ? { restockNotificationMessages: messages } : {}),
    mailingListSignUpEnabled: fields.mailingListSignUpEnabled,
    mailingListOptInByDefault: fields.mailingListOptInByDefault,
    ...(fields.customSoldOutText ? { customSoldOutText: fields.customSoldOutText } : {}),
    ...(fields.nativeReviewsDisplayEnabled !== undefined ? { nativeReviewsDisplayEnabled: fields.nativeReviewsDisplayEnabled } : {}),
  };
}

/** A stored subscription plan as the catalogue answers it, or null when it has no usable billing period. */
export function subscriptionPlanOf(stored: unknown): ProductView['subscriptionPlan'] {
  if (!stored || typeof stored !== 'object') return null;
  const plan = stored as { billingPeriod?: { value?: unknown; unit?: unknown }; numBillingCycles?: unknown };
  const value = plan.billingPeriod?.value;
  const unit = plan.billingPeriod?.unit;
  if (typeof value !== 'number' || !Number.isInteger(value) || (unit !== 'WEEK' && unit !== 'MONTH' && unit !== 'YEAR')) return null;
  const cycles = typeof plan.numBillingCycles === 'number' && Number.isInteger(plan.numBillingCycles) ? plan.numBillingCycles : 0;
  return { billingPeriod: { value, unit }, numBillingCycles: cycles };
}
