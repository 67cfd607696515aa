import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../errors/index.js';
import { withErrors, type ZodTypeProvider } from '../../http/schemas.js';
import { recordAudit } from '../../owner-accounts/index.js';
import { requireOwner } from '../../owner-sessions/index.js';
import { siteOf } from '../../sites/index.js';
import { checkStripeKeys, deleteStripeAccount, loadStripeAccount, saveStripeAccount, sealingKeySource, stripeConnection } from './account.js';
import { stripeClient } from './client.js';
import { STRIPE_WEBHOOK_PATH, StripeMessages } from './messages.js';
import { StripePaymentProvider } from './provider.js';

/** Paths of the owner's payment settings. */
export const PaymentSettingsPaths = Object.freeze({
  PAYMENTS: '/api/owner/payments',
  STRIPE: '/api/owner/payments/stripe',
});

const Connection = z.object({
  publishableKey: z.string(),
  testMode: z.boolean(),
  accountCountry: z.string(),
  connectedBy: z.string(),
  connectedAt: z.string(),
});
const PaymentSettings = z.object({
  stripe: Connection.nullable().describe('The connected Stripe account (never its secrets), or null'),
  webhookPath: z.string().describe("Path of Stripe's webhook on the site's own origin"),
});
const StripeKeysBody = z.object({
  publishableKey: z.string().max(255),
  secretKey: z.string().max(255),
  webhookSecret: z.string().max(255),
});

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
}

/**
 * Adds each site's connected Stripe account to the payment providers, and registers the owner's
 * payment settings: GET /api/owner/payments (the connection, never a secret), PUT
 * /api/owner/payments/stripe {publishableKey, secretKey, webhookSecret} (checked with Stripe,
 * stored sealed), DELETE to disconnect. Reading needs billing:read, changing billing:write.
 */
export function registerStripe(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const sealingKey = sealingKeySource(db, config);
  deps.payments.addSource(async (site) => {
    const account = await loadStripeAccount(db, sealingKey, site.id);
    return account ? new StripePaymentProvider(account, config.stripeApiUrl) : undefined;
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments', 'owner'];
  const read = requireOwner(db, config.ownerToken, 'billing:read');
  const write = requireOwner(db, config.ownerToken, 'billing:write');

  routes.get(
    PaymentSettingsPaths.PAYMENTS,
    {
      onRequest: noStore,
      preValidation: read,
      schema: { tags, summary: "The site's payment providers (owner)", response: withErrors({ 200: PaymentSettings }) },
    },
    async (request) => ({ stripe: await stripeConnection(db, siteOf(request).id), webhookPath: STRIPE_WEBHOOK_PATH }),
  );

  routes.put(
    PaymentSettingsPaths.STRIPE,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: 4096,
      schema: {
        tags,
        summary: 'Connects Stripe with its keys, checked with Stripe first (owner)',
        body: StripeKeysBody,
        response: withErrors({ 200: PaymentSettings }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { testMode } = checkStripeKeys(request.body);
      let accountCountry = '';
      try {
        const account = await stripeClient(request.body.secretKey.trim(), config.stripeApiUrl).accounts.retrieveCurrent();
        accountCountry = account.country ?? '';
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 401 || status === 403) throw new AppError('VALIDATION_FAILED', StripeMessages.refused((error as Error).message));
        request.log.warn({ err: error }, 'Stripe could not be asked about the account');
        throw new AppError('UNAVAILABLE', StripeMessages.refused((error as Error).message));
      }
      await saveStripeAccount(db, await sealingKey(), site.id, request.body, {
        testMode,
        accountCountry,
        connectedBy: request.owner?.email ?? '',
      });
      await recordAudit(db, request, {
        action: 'payments.connect',
        subjectType: 'payment-provider',
        subjectId: 'stripe',
        detail: { testMode, accountCountry },
      });
      return { stripe: await stripeConnection(db, site.id), webhookPath: STRIPE_WEBHOOK_PATH };
    },
  );

  routes.delete(
    PaymentSettingsPaths.STRIPE,
    { onRequest: noStore, preValidation: write, schema: { tags, summary: 'Disconnects Stripe (owner)', response: withErrors({ 200: PaymentSettings }) } },
    async (request) => {
      const site = siteOf(request);
      if (!(await deleteStripeAccount(db, site.id))) throw new AppError('NOT_FOUND', StripeMessages.NOT_CONNECTED);
      await recordAudit(db, request, { action: 'payments.disconnect', subjectType: 'payment-provider', subjectId: 'stripe' });
      return { stripe: null, webhookPath: STRIPE_WEBHOOK_PATH };
    },
  );
}
