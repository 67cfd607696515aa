import { createHash, randomBytes } from 'node:crypto';
import { money } from '@emporium/commerce';
import { and, eq, or, sql } from 'drizzle-orm';
import { donations } from '../db/schema-donations.js';
import type { Db } from '../db/types.js';
import { AppError } from '../errors/index.js';
import type { AuthorizationResult, PaymentProvider } from '../payments/index.js';
import type { Website } from '../sites/index.js';
import { assertDonationAmount, donationAmountText } from './donation-amount.js';
import { DonationMessages } from './donation-messages.js';
import { loadDonationSettings } from './donation-settings.js';
import { writePaidDonation } from './donation-writer.js';
import type { DonationAnswer, DonationBody } from './schemas.js';

type DonationRow = typeof donations.$inferSelect;

/** Seconds a pending claim is kept before a repeated submit may take it over (the provider answers the same attempt again). */
export const DONATION_CLAIM_SECONDS = 120;

/** What giving needs: the database, the site's payment providers, the site's canonical origin for mail links, a logger. */
export interface GiveDeps {
  db: Db;
  providers: ReadonlyMap<string, PaymentProvider>;
  origin: string;
  log?: { warn: (details: object, message: string) => void };
  /** The language of the page the donor gave from (decision 0052): the receipt is written in it. */
  language?: string | undefined;
}

/** Path of the contribution confirmed page (page type 204) of a donation. */
export function contributionConfirmedPath(donationId: string, receiptToken: string): string {
  return `/checkout/contribution-confirmed/${donationId}?token=${encodeURIComponent(receiptToken)}`;
}

/** Path of the donate page (page type 203). */
export const DONATE_PATH = '/checkout/donate';

/** The answer for a donation, the same for its first submit and any replay. */
export function donationAnswer(row: DonationRow, locale: string): DonationAnswer {
  return {
    donation: {
      id: row.id,
      status: row.status,
      frequency: row.frequency,
      amountCents: row.amountCents,
      currency: row.currency,
      amountText: donationAmountText(row.amountCents, row.currency, row.frequency, locale),
    },
    confirmationUrl: contributionConfirmedPath(row.id, row.receiptToken),
  };
}

/** The order id an attempt pays: one per donation and attempt, so the provider's idempotency key of the attempt is stable. */
function attemptOrderId(row: DonationRow): string {
  return createHash('sha256').update(`donation:${row.websiteId}:${row.id}:${row.attempt}`).digest('hex').slice(0, 32);
}

/**
 * Claims the donor's key: inserts the pending donation, or takes over the key's donation when
 * its last attempt failed (a new attempt) or its pending claim is older than
 * {@link DONATION_CLAIM_SECONDS} (the same attempt, which the provider answers once). A paid
 * donation is answered again; the key with another request, or a claim still held, is refused.
 */
async function claim(
  db: Db,
  site: Website,
  key: string,
  hash: string,
  body: DonationBody,
  provider: string,
  language: string | undefined,
): Promise<{ row: DonationRow; replay: boolean }> {
  const [inserted] = await db
    .insert(donations)
    .values({
      websiteId: site.id,
      idempotencyKey: key,
      requestHash: hash,
      frequency: body.frequency,
      amountCents: body.amountCents,
      currency: body.currency,
      donorEmail: body.email,
      donorName: body.name ?? '',
      provider,
      receiptToken: randomBytes(24).toString('base64url'),
      language: language ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { row: inserted, replay: false };
  const [existing] = await db
    .select()
    .from(donations)
    .where(and(eq(donations.websiteId, site.id), eq(donations.idempotencyKey, key)));
  if (!existing) throw new AppError('CONFLICT', DonationMessages.IN_PROGRESS);
  if (existing.requestHash !== hash) throw new AppError('UNPROCESSABLE', DonationMessages.KEY_REUSED);
  if (existing.status === 'paid') return { row: existing, replay: true };
  const stale = sql`now() - make_interval(secs => ${DONATION_CLAIM_SECONDS})`;
  const [taken] = await db
    .update(donations)
    .set({
      status: 'pending',
      attempt: sql`CASE WHEN ${donations.status} = 'failed' THEN ${donations.attempt} + 1 ELSE ${donations.attempt} END`,
      claimedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(donations.websiteId, site.id),
        eq(donations.id, existing.id),
        or(eq(donations.status, 'failed'), and(eq(donations.status, 'pending'), sql`${donations.claimedAt} < ${stale}`)),
      ),
    )
    .returning();
  if (!taken) throw new AppError('CONFLICT', DonationMessages.IN_PROGRESS);
  return { row: taken, replay: false };
}

async function markFailed(db: Db, row: DonationRow, message: string): Promise<void> {
  await db
    .update(donations)
    .set({ status: 'failed', message, updatedAt: sql`now()` })
    .where(and(eq(donations.websiteId, row.websiteId), eq(donations.id, row.id), eq(donations.status, 'pending'), eq(donations.attempt, row.attempt)));
}

/**
 * Gives a donation once per idempotency key: checks the amount against the site's settings
 * ({@link assertDonationAmount}), claims the key ({@link claim}), has the provider authorize
 * the attempt (keeping the method for a monthly gift), then records it with its order, its
 * subscription and the receipt in one transaction ({@link writePaidDonation}) and captures.
 * A decline marks the donation failed and is a 422 with the provider's words; a failed
 * transaction voids the authorization. A replay answers the paid donation again.
 */
export async function giveDonation(deps: GiveDeps, site: Website, body: DonationBody, key: { key: string; hash: string }, now = new Date()) {
  const settings = await loadDonationSettings(deps.db, site.id, site.settings.currency);
  if (!settings.enabled) throw new AppError('CONFLICT', DonationMessages.DISABLED);
  const locale = site.settings.locale;
  assertDonationAmount(settings, site.settings.currency, locale, body);
  const { provider: providerId, ...details } = body.payment;
  const provider = deps.providers.get(providerId);
  if (!provider) throw new AppError('VALIDATION_FAILED', DonationMessages.providerUnavailable(providerId));
  if (provider.testMode && site.settings.commerce.testMode === false) throw new AppError('VALIDATION_FAILED', DonationMessages.TEST_PAYMENTS_REFUSED);

  const claimed = await claim(deps.db, site, key.key, key.hash, body, provider.id, deps.language);
  if (claimed.replay) return { body: donationAnswer(claimed.row, locale), replayed: true };
  const row = claimed.row;
  const orderId = attemptOrderId(row);
  let auth: AuthorizationResult;
  try {
    auth = await provider.authorize({
      amount: money(row.amountCents, row.currency),
      details,
      orderId,
      email: row.donorEmail,
      ...(row.frequency === 'monthly' ? { saveForLater: true } : {}),
    });
  } catch (error) {
    // Left pending: a repeat after the claim expires asks the provider for this same attempt.
    deps.log?.warn({ err: error, donationId: row.id }, 'donation payment provider failed');
    throw new AppError('UNAVAILABLE', DonationMessages.UNAVAILABLE, { cause: error });
  }
  if (!auth.ok) {
    await markFailed(deps.db, row, auth.message);
    throw new AppError('UNPROCESSABLE', auth.message);
  }
  if (row.frequency === 'monthly' && !auth.savedMethod) {
    await provider.void(auth.authorizationId);
    await markFailed(deps.db, row, DonationMessages.MONTHLY_METHOD_NOT_KEPT);
    throw new AppError('UNPROCESSABLE', DonationMessages.MONTHLY_METHOD_NOT_KEPT);
  }
  const payment = {
    orderId,
    authorizationId: auth.authorizationId,
    summary: auth.summary,
    testMode: provider.testMode,
    ...(auth.savedMethod ? { savedMethod: auth.savedMethod } : {}),
  };
  try {
    await deps.db.transaction((tx) => writePaidDonation(tx, { site, origin: deps.origin, thankYou: settings.thankYou }, row, payment, now));
  } catch (error) {
    const [current] = await deps.db
      .select()
      .from(donations)
      .where(and(eq(donations.websiteId, site.id), eq(donations.id, row.id)));
    // A run that took over a stale claim of this attempt recorded the same payment: keep it.
    if (current?.status === 'paid') return { body: donationAnswer(current, locale), replayed: true };
    await provider.void(auth.authorizationId);
    await markFailed(deps.db, row, DonationMessages.NOT_RECORDED);
    throw error;
  }
  try {
    await provider.capture(auth.authorizationId);
  } catch (error) {
    deps.log?.warn({ err: error, donationId: row.id }, 'donation capture failed after it was recorded');
  }
  const [paid] = await deps.db
    .select()
    .from(donations)
    .where(and(eq(donations.websiteId, site.id), eq(donations.id, row.id)));
  return { body: donationAnswer(paid!, locale), replayed: false };
}
