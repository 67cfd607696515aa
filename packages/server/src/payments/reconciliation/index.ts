/** Reconciliation of recent orders with their payment providers: the comparison, its records, the owner's calls and the hourly job. */
export { registerPaymentReconciliation, ReconciliationPaths, RECONCILE_PAYMENTS_JOB, RECONCILE_PAYMENTS_CRON } from './routes.js';
export { reconcileSite, PAYMENT_SETTINGS_SCREEN, type ReconcileDeps, type ReconcileSummary } from './reconcile.js';
export { differencesOf, type OurPayment, type FoundDifference } from './compare.js';
export { RECONCILIATION_DAYS, RECONCILIATION_MAX_ORDERS, PENDING_GRACE_MS } from './recent-payments.js';
export { RECONCILIATION_MAIL_KIND, DIFFERENCE_LABELS } from './reconciliation-mail.js';
