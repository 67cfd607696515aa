import type { AppConfig } from '../../config.js';
import type { ReconciliationTrigger } from '../../db/schema-payments.js';
import type { Db } from '../../db/types.js';
import { listOwners } from '../../owner-accounts/index.js';
import { enqueueMails } from '../../outbox/index.js';
import { roleCan, type OwnerRole } from '../../owner-sessions/index.js';
import { dashboardUrl, type Website } from '../../sites/index.js';
import type { PaymentProviders } from '../registry.js';
import { differencesOf, type FoundDifference } from './compare.js';
import { finishRun, orderNumbersOf, recordDifferences, startRun } from './differences-repository.js';
import { recentPayments, RECONCILIATION_DAYS } from './recent-payments.js';
import { reconciliationMail } from './reconciliation-mail.js';

/** What a run needs: the database, the site's providers, and the configuration (for the dashboard link). */
export interface ReconcileDeps {
  db: Db;
  payments: PaymentProviders;
  config: Pick<AppConfig, 'publicUrl' | 'baseDomain'>;
}

/** What a run did. */
export interface ReconcileSummary {
  runId: string;
  ordersChecked: number;
  ordersUnchecked: number;
  differencesNew: number;
  differencesResolved: number;
  failure: string | null;
}

/** Path of the dashboard's payment settings, where the differences are listed. */
export const PAYMENT_SETTINGS_SCREEN = '/settings#payments';

/**
 * Compares a site's orders of the last {@link RECONCILIATION_DAYS} days with what their
 * providers hold now, records each difference once (resolving those that are gone) and mails
 * the site's billing owners about new ones, in the transaction that records them. Nothing about
 * an order or its money is changed. A provider that stops answering ends the run early: what was
 * checked until then is recorded, the rest waits for the next run.
 */
export async function reconcileSite(deps: ReconcileDeps, site: Website, trigger: ReconciliationTrigger, now = new Date()): Promise<ReconcileSummary> {
  const { db } = deps;
  const runId = await startRun(db, site.id, trigger);
  const since = new Date(now.getTime() - RECONCILIATION_DAYS * 86_400_000);
  const ours = await recentPayments(db, site.id, since, now);
  const providers = await deps.payments.forSite(site);
  const checked: string[] = [];
  const found: FoundDifference[] = [];
  let unchecked = 0;
  let failure: string | null = null;
  for (const payment of ours) {
    const provider = providers.get(payment.provider);
    if (!provider?.lookup) {
      unchecked += 1;
      continue;
    }
    try {
      found.push(...differencesOf(payment, await provider.lookup(payment.paymentRef)));
      checked.push(payment.orderId);
    } catch (error) {
      failure = `${provider.id} did not answer: ${(error as Error).message}`.slice(0, 500);
      unchecked += ours.length - checked.length - unchecked;
      break;
    }
  }
  const { opened, resolved } = await db.transaction(async (tx) => {
    const recorded = await recordDifferences(tx, site.id, runId, checked, found);
    if (recorded.opened.length > 0) {
      const numbers = await orderNumbersOf(
        tx,
        site.id,
        recorded.opened.map((d) => d.orderId),
      );
      const mailed = recorded.opened.map((d) => ({ ...d, orderNumber: numbers.get(d.orderId) ?? 0 }));
      const context = {
        websiteId: site.id,
        siteTitle: site.title,
        locale: site.settings.locale,
        settingsUrl: dashboardUrl(site.identifier, deps.config, PAYMENT_SETTINGS_SCREEN),
      };
      const billing = (await listOwners(tx, site.id)).filter((owner) => roleCan(owner.role as OwnerRole, 'billing:read'));
      await enqueueMails(
        tx,
        billing.map((owner) => reconciliationMail(context, owner.email, mailed)),
      );
    }
    return recorded;
  });
  const summary = { ordersChecked: checked.length, ordersUnchecked: unchecked, differencesNew: opened.length, differencesResolved: resolved, failure };
  await finishRun(db, runId, summary);
  return { runId, ...summary };
}
