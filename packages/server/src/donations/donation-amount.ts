import { formatMoney, money } from '@emporium/commerce';
import type { DonationFrequency } from '../db/schema-donations.js';
import { AppError } from '../errors/index.js';
import { DonationMessages } from './donation-messages.js';
import type { DonationSettings } from './donation-settings.js';

const refuse = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { body: { errors: { [field]: message } } });

/**
 * Checks a donor's amount against the site's settings, in minor units of the store's currency:
 * the currency must be the store's, the amount a whole number within the owner's minimum and
 * maximum, one of the suggested amounts when custom amounts are off, and monthly giving only
 * when the owner allows it. Each refusal is a 400 naming the field and the limit in money.
 */
export function assertDonationAmount(
  settings: DonationSettings,
  storeCurrency: string,
  locale: string,
  request: { amountCents: number; currency: string; frequency: DonationFrequency },
): void {
  if (request.currency !== storeCurrency) throw refuse('currency', DonationMessages.CURRENCY_MISMATCH);
  if (!Number.isSafeInteger(request.amountCents)) throw refuse('amountCents', DonationMessages.notWhole(storeCurrency));
  if (!settings.allowCustom && !settings.suggestedAmounts.includes(request.amountCents)) throw refuse('amountCents', DonationMessages.CUSTOM_NOT_ALLOWED);
  if (request.amountCents < settings.minCents) throw refuse('amountCents', DonationMessages.tooSmall(settings.minCents, storeCurrency, locale));
  if (request.amountCents > settings.maxCents) throw refuse('amountCents', DonationMessages.tooLarge(settings.maxCents, storeCurrency, locale));
  if (request.frequency === 'monthly' && !settings.allowMonthly) throw refuse('frequency', DonationMessages.MONTHLY_NOT_ALLOWED);
}

/** The amount as the donor reads it: "$25.00", or "$25.00/month" when monthly. */
export function donationAmountText(amountCents: number, currency: string, frequency: DonationFrequency, locale: string): string {
  const text = formatMoney(money(amountCents, currency), locale);
  return frequency === 'monthly' ? `${text}/month` : text;
}
