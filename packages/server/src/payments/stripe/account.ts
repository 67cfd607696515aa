import { and, eq } from 'drizzle-orm';
import { paymentAccounts } from '../../db/schema-payments.js';
import type { DbOrTx } from '../../db/types.js';
import { AppError } from '../../errors/index.js';
import { seal, unseal } from '../../sealing/index.js';
import { StripeMessages } from './messages.js';

/** The keys an owner enters to connect Stripe. */
export interface StripeKeys {
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
}

/** A site's Stripe account with its secrets opened, for the server's own calls only. */
export interface StripeAccount {
  websiteId: string;
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
  testMode: boolean;
  accountCountry: string;
}

/** What a browser may know of a site's Stripe account. */
export interface StripePublicConfig {
  publishableKey: string;
  accountCountry: string;
  testMode: boolean;
}

const PUBLISHABLE = /^pk_(test|live)_[A-Za-z0-9]{8,}$/;
const SECRET = /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/;
const WEBHOOK = /^whsec_[A-Za-z0-9+/=_-]{8,}$/;

/** Checks the form of the keys; answers whether they are test keys. Throws the owner's message otherwise. */
export function checkStripeKeys(keys: StripeKeys): { testMode: boolean } {
  const publishable = PUBLISHABLE.exec(keys.publishableKey.trim());
  const secret = SECRET.exec(keys.secretKey.trim());
  if (!publishable || !secret || !WEBHOOK.test(keys.webhookSecret.trim())) throw new AppError('VALIDATION_FAILED', StripeMessages.KEYS_MALFORMED);
  if (publishable[1] !== secret[2]) throw new AppError('VALIDATION_FAILED', StripeMessages.MODES_DIFFER);
  return { testMode: publishable[1] === 'test' };
}

export { sealingKeySource } from '../../sealing/index.js';

const context = (websiteId: string, field: string) => `${websiteId}:stripe:${field}`;

/** Stores (or replaces) a site's Stripe keys, the secret ones sealed. */
export async function saveStripeAccount(
  db: DbOrTx,
  key: Buffer,
  websiteId: string,
  keys: StripeKeys,
  facts: { testMode: boolean; accountCountry: string; connectedBy: string },
): Promise<void> {
  const row = {
    websiteId,
    provider: 'stripe' as const,
    publishableKey: keys.publishableKey.trim(),
    secretKeySealed: seal(key, keys.secretKey.trim(), context(websiteId, 'secret')),
    webhookSecretSealed: seal(key, keys.webhookSecret.trim(), context(websiteId, 'webhook')),
    testMode: facts.testMode,
    accountCountry: facts.accountCountry,
    connectedBy: facts.connectedBy,
    connectedAt: new Date(),
  };
  await db
    .insert(paymentAccounts)
    .values(row)
    .onConflictDoUpdate({ target: [paymentAccounts.websiteId, paymentAccounts.provider], set: row });
}

/** Removes a site's Stripe keys; true when there were any. */
export async function deleteStripeAccount(db: DbOrTx, websiteId: string): Promise<boolean> {
  const gone = await db
    .delete(paymentAccounts)
    .where(and(eq(paymentAccounts.websiteId, websiteId), eq(paymentAccounts.provider, 'stripe')))
    .returning({ websiteId: paymentAccounts.websiteId });
  return gone.length > 0;
}

async function accountRow(db: DbOrTx, websiteId: string) {
  const [row] = await db
    .select()
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.websiteId, websiteId), eq(paymentAccounts.provider, 'stripe')));
  return row;
}

/** A site's Stripe account with its secrets opened (the sealing key read only then), or undefined when not connected. */
export async function loadStripeAccount(db: DbOrTx, sealingKey: () => Promise<Buffer>, websiteId: string): Promise<StripeAccount | undefined> {
  const row = await accountRow(db, websiteId);
  if (!row) return undefined;
  const key = await sealingKey();
  return {
    websiteId,
    publishableKey: row.publishableKey,
    secretKey: unseal(key, row.secretKeySealed, context(websiteId, 'secret')),
    webhookSecret: unseal(key, row.webhookSecretSealed, context(websiteId, 'webhook')),
    testMode: row.testMode,
    accountCountry: row.accountCountry,
  };
}

/** What the checkout page may know of a site's Stripe account, or undefined when not connected. */
export async function stripePublicConfig(db: DbOrTx, websiteId: string): Promise<StripePublicConfig | undefined> {
  const row = await accountRow(db, websiteId);
  return row ? { publishableKey: row.publishableKey, accountCountry: row.accountCountry, testMode: row.testMode } : undefined;
}

/** The owner's view of the connection: never a secret. */
export async function stripeConnection(db: DbOrTx, websiteId: string) {
  const row = await accountRow(db, websiteId);
  if (!row) return null;
  return {
    publishableKey: row.publishableKey,
    testMode: row.testMode,
    accountCountry: row.accountCountry,
    connectedBy: row.connectedBy,
    connectedAt: row.connectedAt.toISOString(),
  };
}
