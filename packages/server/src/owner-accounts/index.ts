/** Owner accounts of a site, their sign-in, and the site's audit log (who changed what and when). */
export { registerOwnerAccounts, AUDIT_PATH, type OwnerAccountOptions } from './routes.js';
export { recordAudit, recordAuditAs, listAuditPage, type AuditEvent, type AuditActor, type AuditEntry } from './audit-repository.js';
