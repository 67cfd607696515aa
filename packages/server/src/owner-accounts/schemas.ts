import { PageEnd, PageQuery, z } from '../http/schemas.js';

/** Query of GET /api/owner/audit. */
export const AuditQuery = PageQuery;

/** One audit entry. */
export const AuditEntry = z.object({
  id: z.string(),
  createdAt: z.string().describe('ISO 8601 time of the change'),
  ownerId: z.string().nullable().describe('The owner account; null for the break-glass token, the site password and the command line'),
  actorEmail: z.string().nullable(),
  action: z.string().describe("What was done, e.g. 'owner.invite'"),
  subjectType: z.string().describe("Kind of thing changed, e.g. 'owner'"),
  subjectId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});

/** A page of the audit log, newest first. */
export const AuditPage = z.object({ entries: z.array(AuditEntry), ...PageEnd });
