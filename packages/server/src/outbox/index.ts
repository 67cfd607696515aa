export {
  enqueueMails,
  claimDueMails,
  markSent,
  markAttemptFailed,
  listOutbox,
  outboxCounts,
  MAX_ATTEMPTS,
  CLAIM_TIMEOUT_SECONDS,
  type NewMail,
  type OutboxRow,
  type ClaimedMail,
} from './outbox-repository.js';
export { OutboxSender, smtpTransport, type MailTransport, type OutboxSenderOptions } from './outbox-sender.js';
export { registerOutboxDelivery, type OutboxDelivery } from './outbox-delivery.js';
export { registerOutboxRoutes } from './routes.js';
export { outboxMailJson } from './outbox-json.js';
export { OutboxMailJson } from './schemas.js';
export { MAIL_KIND_PERMISSIONS, readableMailKinds } from './mail-permissions.js';
