import { fractionDigits } from '@emporium/commerce';
import { eq, sql } from 'drizzle-orm';
import { donationSettings } from '../db/schema-donations.js';
import type { DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { DonationMessages } from './donation-messages.js';

/** A site's donation settings as the calls and pages use them; amounts in minor units of the store's currency. */
export interface DonationSettings {
  enabled: boolean;
  title: string;
  description: string;
  suggestedAmounts: number[];
  allowCustom: boolean;
  minCents: number;
  maxCents: number;
  allowMonthly: boolean;
  thankYou: string;
}

/** Suggested amounts of a site that has not set its own, in whole units of its currency. */
const DEFAULT_SUGGESTED_UNITS = [10, 25, 50, 100] as const;
/** Limits of a site that has not set its own, in whole units of its currency. */
const DEFAULT_LIMIT_UNITS = { min: 1, max: 10_000 } as const;

/**
 * The settings of a site that has not saved any, for `currency` (scaled by its fraction digits,
 * so JPY suggests ¥10 … ¥100 and USD $10 … $100). Donations are off until the owner turns them on.
 */
export function defaultDonationSettings(currency: string): DonationSettings {
  const unit = 10 ** fractionDigits(currency);
  return {
    enabled: false,
    title: 'Support our work',
    description: '',
    suggestedAmounts: DEFAULT_SUGGESTED_UNITS.map((n) => n * unit),
    allowCustom: true,
    minCents: DEFAULT_LIMIT_UNITS.min * unit,
    maxCents: DEFAULT_LIMIT_UNITS.max * unit,
    allowMonthly: true,
    thankYou: 'Thank you for your generosity.',
  };
}

/** The site's saved settings, or the defaults for its currency. */
export async function loadDonationSettings(db: DbOrTx, websiteId: string, currency: string): Promise<DonationSettings> {
  const [row] = await db.select().from(donationSettings).where(eq(donationSettings.websiteId, websiteId));
  if (!row) return defaultDonationSettings(currency);
  const { websiteId: _site, updatedAt: _at, ...settings } = row;
  return { ...settings, suggestedAmounts: [...settings.suggestedAmounts] };
}

/**
 * Checks settings as a whole (each field's own limits are the schema's): the maximum is at
 * least the minimum, every suggested amount lies between them, and a donor has something to
 * choose. Throws a 400 with the field at fault.
 */
export function assertDonationSettings(settings: DonationSettings): void {
  if (settings.maxCents < settings.minCents)
    throw new AppError('VALIDATION_FAILED', DonationMessages.LIMITS_ORDER, { body: { errors: { maxCents: DonationMessages.LIMITS_ORDER } } });
  if (settings.suggestedAmounts.some((a) => a < settings.minCents || a > settings.maxCents)) {
    throw new AppError('VALIDATION_FAILED', DonationMessages.SUGGESTED_OUT_OF_LIMITS, {
      body: { errors: { suggestedAmounts: DonationMessages.SUGGESTED_OUT_OF_LIMITS } },
    });
  }
  if (settings.suggestedAmounts.length === 0 && !settings.allowCustom) {
    throw new AppError('VALIDATION_FAILED', DonationMessages.NOTHING_TO_CHOOSE, { body: { errors: { suggestedAmounts: DonationMessages.NOTHING_TO_CHOOSE } } });
  }
}

/** Saves a site's settings (checked by {@link assertDonationSettings}); suggested amounts sorted and without repeats. */
export async function saveDonationSettings(db: DbOrTx, websiteId: string, settings: DonationSettings): Promise<DonationSettings> {
  assertDonationSettings(settings);
  const clean = { ...settings, suggestedAmounts: [...new Set(settings.suggestedAmounts)].sort((a, b) => a - b) };
  await db
    .insert(donationSettings)
    .values({ websiteId, ...clean })
    .onConflictDoUpdate({ target: donationSettings.websiteId, set: { ...clean, updatedAt: sql`now()` } });
  return clean;
}
