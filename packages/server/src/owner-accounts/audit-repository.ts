import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { auditLog } from '../db/schema-owners.js';
import type { DbOrTx } from '../db/types.js';
import { toPage, type Page } from '../http/page-cursor.js';

/** What an audit entry says happened. Never put secrets (passwords, tokens) in `detail`. */
export interface AuditEvent {
  /** What was done, as `area.verb`, e.g. 'owner.invite', 'product.update'. */
  action: string;
  /** Kind of thing changed, e.g. 'owner', 'product'. */
  subjectType: string;
  /** Id of the thing changed, when it has one. */
  subjectId?: string | null;
  /** Facts worth keeping (changed fields, old and new role); JSON. */
  detail?: Record<string, unknown>;
}

/** Who made a change, when not taken from a request (the command line). */
export interface AuditActor {
  ownerId: string | null;
  email: string | null;
}

/** Writes an audit entry of a site for an actor. Pass the transaction of the change so both commit together. */
export async function recordAuditAs(db: DbOrTx, websiteId: string, actor: AuditActor, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    websiteId,
    ownerId: actor.ownerId,
    actorEmail: actor.email,
    action: event.action,
    subjectType: event.subjectType,
    subjectId: event.subjectId ?? null,
    detail: event.detail ?? {},
  });
}

/**
 * Writes an audit entry for an owner call: the site is `request.site`, the actor
 * `request.owner` (set by `requireOwner`). Pass the transaction of the change so the entry and
 * the change commit together.
 */
export async function recordAudit(db: DbOrTx, request: FastifyRequest, event: AuditEvent): Promise<void> {
  const site = request.site;
  if (!site) throw new Error('recordAudit needs a request of a site');
  const owner = request.owner;
  await recordAuditAs(db, site.id, { ownerId: owner?.ownerId ?? null, email: owner?.email ?? null }, event);
}

/** One audit entry as the owner API shows it. */
export interface AuditEntry {
  id: string;
  createdAt: string;
  ownerId: string | null;
  actorEmail: string | null;
  action: string;
  subjectType: string;
  subjectId: string | null;
  detail: Record<string, unknown>;
}

const micros = sql<string>`(extract(epoch from ${auditLog.createdAt}) * 1000000)::bigint::text`;
const fromMicros = (value: string) => sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;

/** One page of a site's audit log, newest first, after the keyset position `after` ([created_at in microseconds, id]). */
export async function listAuditPage(db: DbOrTx, websiteId: string, after: string[] | undefined, limit: number): Promise<Page<AuditEntry>> {
  const found = await db
    .select({ row: auditLog, position: micros })
    .from(auditLog)
    .where(and(eq(auditLog.websiteId, websiteId), after ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${fromMicros(after[0]!)}, ${after[1]})` : undefined))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1);
  return toPage(
    found,
    limit,
    ({ row }) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      ownerId: row.ownerId,
      actorEmail: row.actorEmail,
      action: row.action,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      detail: row.detail,
    }),
    ({ row, position }) => [String(position), row.id],
  );
}
