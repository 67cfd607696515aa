import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { orders } from '../db/schema.js';
import { AppError } from '../errors/index.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { StripePaymentProvider } from '../payments/index.js';
import { STRIPE_WEBHOOK_PATH } from '../payments/index.js';
import { StripeMessages } from '../payments/index.js';
import { getWebsite, siteOf } from '../sites/index.js';
import { expiredAttempts } from './payment-attempts.js';
import { confirmationPath } from './place-order.js';
import { applyStripeEvent, expireAttempt } from './stripe-settlement.js';

/** Path of an order's payment state, for the order received page (207) to follow. */
export const ORDER_PAYMENT_PATH = '/api/commerce/orders/:orderId/payment';

/** Name of the job that ends payment attempts past their lifetime (every minute). */
export const EXPIRE_ATTEMPTS_JOB = 'payments.expire-attempts';

/** Largest webhook body accepted: Stripe's events are a few kB, 256 kB leaves room. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const WebhookAnswer = z.object({
  received: z.literal(true),
  result: z.enum(['applied', 'duplicate', 'ignored']).describe('Applied now, seen before (by event id), or not about an order of this site'),
});

const OrderPayment = z.object({
  paymentStatus: z.enum(['pending', 'paid', 'failed', 'refunded', 'partially_refunded', 'disputed']),
  orderNumber: z.number().int(),
  confirmationUrl: z.string(),
});

/**
 * Registers Stripe's webhook on every site's origin (`POST /api/commerce/webhooks/stripe`: the
 * raw body checked against the site's webhook secret, each event applied once), the order
 * payment state call of page 207, and, when `work` is set, the expiry job.
 */
export function registerStripeCheckoutRoutes(app: FastifyInstance, deps: AppDeps, options: { work?: boolean } = {}): void {
  const { db } = deps;
  const stripeOf = async (siteId: string) => {
    const site = await getWebsite(db, siteId);
    const provider = site ? await deps.payments.get(site, 'stripe') : undefined;
    return { site, stripe: provider instanceof StripePaymentProvider ? provider : undefined };
  };

  app.register(async (scope) => {
    // Stripe signs the exact bytes it sent: keep the body as text for the check.
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      STRIPE_WEBHOOK_PATH,
      {
        config: { crumb: false },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags: ['payments'],
          summary: "Stripe's events for this site, signed with its webhook secret (Stripe-Signature)",
          body: z.string().max(WEBHOOK_BODY_LIMIT).describe('The event exactly as Stripe sent it (JSON text; the signature covers these bytes)'),
          response: withErrors({ 200: WebhookAnswer }),
        },
      },
      async (request, reply) => {
        const site = siteOf(request);
        const provider = await deps.payments.get(site, 'stripe');
        if (!(provider instanceof StripePaymentProvider)) throw new AppError('NOT_FOUND', StripeMessages.NOT_CONNECTED);
        const signature = request.headers['stripe-signature'];
        let event: Stripe.Event;
        try {
          event = provider.api.webhooks.constructEvent(request.body, String(signature ?? ''), provider.webhookSecret);
        } catch {
          throw new AppError('VALIDATION_FAILED', StripeMessages.WEBHOOK_SIGNATURE);
        }
        const result = await applyStripeEvent(db, site, event);
        return reply.header('cache-control', 'no-store').send({ received: true, result });
      },
    );
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    ORDER_PAYMENT_PATH,
    {
      schema: {
        tags: ['checkout'],
        summary: "An order's payment state, named by the order's secret token",
        params: z.object({ orderId: z.string().max(64) }),
        querystring: z.object({ token: z.string().max(128) }),
        response: withErrors({ 200: OrderPayment }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const [order] = await db
        .select({ paymentStatus: orders.paymentStatus, orderNumber: orders.orderNumber, statusToken: orders.statusToken })
        .from(orders)
        .where(and(eq(orders.websiteId, site.id), eq(orders.id, request.params.orderId)));
      if (!order || !order.statusToken || order.statusToken !== request.query.token) throw new AppError('NOT_FOUND', 'Not found');
      return reply.header('cache-control', 'no-store').send({
        paymentStatus: order.paymentStatus as z.infer<typeof OrderPayment>['paymentStatus'],
        orderNumber: order.orderNumber,
        confirmationUrl: confirmationPath(request.params.orderId),
      });
    },
  );

  if (!options.work) return;
  app.addHook('onReady', async () => {
    await deps.jobs.work(EXPIRE_ATTEMPTS_JOB, async () => {
      for (const attempt of await expiredAttempts(db, new Date())) {
        const { site, stripe } = await stripeOf(attempt.websiteId);
        if (site) await expireAttempt(db, site, attempt, stripe);
      }
    });
    await deps.jobs.schedule(EXPIRE_ATTEMPTS_JOB, '* * * * *');
  });
}
