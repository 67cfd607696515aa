import { z } from '../http/schemas.js';

/** A queued or sent mail as the owner sees it (times as ISO 8601 text). */
export const OutboxMailJson = z.object({
  id: z.string(),
  websiteId: z.string(),
  kind: z.string().describe('What caused the mail (form submission, restock...)'),
  toAddress: z.string(),
  subject: z.string(),
  textBody: z.string(),
  htmlBody: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
