import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { PAYMENT_DIFFERENCE_KINDS, paymentAccounts } from '../../db/schema-payments.js';
import { EmptyBody, withErrors, type ZodTypeProvider } from '../../http/schemas.js';
import { recordAudit } from '../../owner-accounts/index.js';
import { requireOwner } from '../../owner-sessions/index.js';
import { getWebsite, siteOf, type Website } from '../../sites/index.js';
import { latestRun, openDifferences } from './differences-repository.js';
import { RECONCILIATION_DAYS } from './recent-payments.js';
import { reconcileSite, type ReconcileSummary } from './reconcile.js';

/** Paths of the owner's reconciliation calls. */
export const ReconciliationPaths = Object.freeze({
  RECONCILIATION: '/api/owner/payments/reconciliation',
  RUN: '/api/owner/payments/reconciliation/run',
});

/** The job that reconciles every site with a connected provider (hourly). */
export const RECONCILE_PAYMENTS_JOB = 'payments.reconcile';
/** When it runs: every hour, at minute 17 (UTC). */
export const RECONCILE_PAYMENTS_CRON = '17 * * * *';

const Run = z.object({
  id: z.string(),
  trigger: z.enum(['schedule', 'owner']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  ordersChecked: z.number().int(),
  ordersUnchecked: z.number().int().describe('Orders whose provider could not be asked (not connected any more, or it does not answer lookups)'),
  differencesNew: z.number().int(),
  differencesResolved: z.number().int(),
  failure: z.string().nullable().describe('Why the run stopped early, or null'),
});
const Difference = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  kind: z.enum(PAYMENT_DIFFERENCE_KINDS),
  provider: z.string(),
  paymentRef: z.string(),
  currency: z.string(),
  ourValue: z.string().describe('Our value: a payment status, minor units, or disputed / not disputed'),
  providerValue: z.string().describe("The provider's value, in the same terms"),
  foundAt: z.string(),
});
const Reconciliation = z.object({
  windowDays: z.number().int().describe('Orders of this many last days are compared'),
  latestRun: Run.nullable(),
  differences: z.array(Difference).describe('Open differences, newest first'),
});

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
}

/**
 * The owner's reconciliation of orders with their payment providers: GET
 * /api/owner/payments/reconciliation (the latest run and the open differences, billing:read) and
 * POST …/run (a run now, billing:write; a second request while one runs for the site waits for
 * it). With `work`, the hourly job reconciles every site with a connected provider.
 */
export function registerPaymentReconciliation(app: FastifyInstance, deps: AppDeps, options: { work?: boolean } = {}): void {
  const { db, config } = deps;
  const running = new Map<string, Promise<ReconcileSummary>>();
  const reconcile = (site: Website, trigger: 'schedule' | 'owner') => {
    const current = running.get(site.id);
    if (current) return current;
    const run = reconcileSite({ db, payments: deps.payments, config }, site, trigger).finally(() => running.delete(site.id));
    running.set(site.id, run);
    return run;
  };
  const view = async (websiteId: string): Promise<z.infer<typeof Reconciliation>> => {
    const run = await latestRun(db, websiteId);
    const differences = await openDifferences(db, websiteId);
    return {
      windowDays: RECONCILIATION_DAYS,
      latestRun: run
        ? {
            id: run.id,
            trigger: run.trigger,
            startedAt: run.startedAt.toISOString(),
            finishedAt: run.finishedAt?.toISOString() ?? null,
            ordersChecked: run.ordersChecked,
            ordersUnchecked: run.ordersUnchecked,
            differencesNew: run.differencesNew,
            differencesResolved: run.differencesResolved,
            failure: run.failure,
          }
        : null,
      differences: differences.map((d) => ({
        id: d.id,
        orderId: d.orderId,
        orderNumber: d.orderNumber,
        kind: d.kind,
        provider: d.provider,
        paymentRef: d.paymentRef,
        currency: d.currency,
        ourValue: d.ourValue,
        providerValue: d.providerValue,
        foundAt: d.foundAt.toISOString(),
      })),
    };
  };

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments', 'owner'];
  routes.get(
    ReconciliationPaths.RECONCILIATION,
    {
      onRequest: noStore,
      preValidation: requireOwner(db, config.ownerToken, 'billing:read'),
      schema: { tags, summary: 'Differences between recent orders and their payment provider (owner)', response: withErrors({ 200: Reconciliation }) },
    },
    async (request) => view(siteOf(request).id),
  );
  routes.post(
    ReconciliationPaths.RUN,
    {
      onRequest: noStore,
      preValidation: requireOwner(db, config.ownerToken, 'billing:write'),
      schema: {
        tags,
        summary: 'Compares recent orders with their payment provider now (owner)',
        body: EmptyBody,
        response: withErrors({ 200: Reconciliation }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const summary = await reconcile(site, 'owner');
      await recordAudit(db, request, {
        action: 'payments.reconcile',
        subjectType: 'payment-provider',
        subjectId: site.id,
        detail: { differencesNew: summary.differencesNew, differencesResolved: summary.differencesResolved },
      });
      return view(site.id);
    },
  );

  if (!options.work) return;
  app.addHook('onReady', async () => {
    await deps.jobs.declare(RECONCILE_PAYMENTS_JOB, 'short');
    await deps.jobs.work(RECONCILE_PAYMENTS_JOB, async () => {
      const connected = await db.selectDistinct({ websiteId: paymentAccounts.websiteId }).from(paymentAccounts);
      for (const { websiteId } of connected) {
        const site = await getWebsite(db, websiteId);
        if (site) await reconcile(site, 'schedule');
      }
    });
    await deps.jobs.schedule(RECONCILE_PAYMENTS_JOB, RECONCILE_PAYMENTS_CRON);
  });
}
