import { decimalToMinor, fractionDigits } from '@emporium/commerce';
import { DonationTexts } from './donation-texts.js';

/** A typed amount read in minor units, or why it cannot be. */
export type ReadAmount = { readonly ok: true; readonly cents: number } | { readonly ok: false; readonly message: string };

/**
 * Reads an amount typed in whole units of `currency` ("25", "25.50"; "500" in JPY) into minor
 * units, refusing more decimals than the currency has rather than rounding what the donor typed.
 */
export function readTypedAmount(text: string, currency: string): ReadAmount {
  const digits = fractionDigits(currency);
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return { ok: false, message: DonationTexts.CHOOSE_AMOUNT };
  const pattern = digits === 0 ? /^\d{1,9}$/ : new RegExp(`^\\d{1,9}(\\.\\d{1,${digits}})?$`);
  if (!pattern.test(trimmed)) return { ok: false, message: digits === 0 ? DonationTexts.wholeAmount(currency) : DonationTexts.decimalAmount(digits) };
  const cents = decimalToMinor(trimmed, currency);
  return cents > 0 ? { ok: true, cents } : { ok: false, message: DonationTexts.CHOOSE_AMOUNT };
}
