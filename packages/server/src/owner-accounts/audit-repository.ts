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
  /** What the changed thing is called today (a product's title, an order's number, an owner's email), else as the entry recorded it; null when unknown. */
  subjectName: string | null;
  detail: Record<string, unknown>;
}

/**
 * The current name of an entry's subject, looked up by its kind; null for kinds without one or
 * things since removed. Columns are named with their table: inside the subqueries a bare name
 * would be the subquery's own.
 */
const currentName = sql<string | null>`CASE audit_log.subject_type
  WHEN 'product' THEN (SELECT title FROM items WHERE website_id = audit_log.website_id AND id = audit_log.subject_id)
  WHEN 'collection' THEN (SELECT coalesce(nullif(title, ''), navigation_title) FROM collections WHERE website_id = audit_log.website_id AND id = audit_log.subject_id)
  WHEN 'variant' THEN (SELECT i.title || ' (' || v.sku || ')' FROM variants v JOIN items i ON i.website_id = v.website_id AND i.id = v.product_id WHERE v.website_id = audit_log.website_id AND v.id = audit_log.subject_id)
  WHEN 'inventory' THEN (SELECT i.title || ' (' || v.sku || ')' FROM variants v JOIN items i ON i.website_id = v.website_id AND i.id = v.product_id WHERE v.website_id = audit_log.website_id AND v.id = audit_log.subject_id)
  WHEN 'order' THEN (SELECT 'Order #' || order_number FROM orders WHERE website_id = audit_log.website_id AND id = audit_log.subject_id)
  WHEN 'owner' THEN (SELECT email FROM owners WHERE website_id = audit_log.website_id AND id = audit_log.subject_id)
  WHEN 'coupon' THEN (SELECT code FROM coupons WHERE website_id = audit_log.website_id AND id = audit_log.subject_id)
  WHEN 'tax-rule' THEN (SELECT name FROM tax_rules WHERE website_id = audit_log.website_id AND id = audit_log.subject_id)
  WHEN 'shipping-option' THEN (SELECT name FROM shipping_options WHERE website_id = audit_log.website_id AND id = audit_log.subject_id)
  END`;

/** A name the entry recorded in its detail (for things since removed). */
function recordedName(detail: Record<string, unknown>): string | null {
  if (typeof detail.orderNumber === 'number') return `Order #${detail.orderNumber}`;
  for (const key of ['title', 'name', 'displayName', 'code', 'email']) {
    const value = detail[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

const micros = sql<string>`(extract(epoch from ${auditLog.createdAt}) * 1000000)::bigint::text`;
const fromMicros = (value: string) => sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;

/** One page of a site's audit log, newest first, after the keyset position `after` ([created_at in microseconds, id]). */
export async function listAuditPage(db: DbOrTx, websiteId: string, after: string[] | undefined, limit: number): Promise<Page<AuditEntry>> {
  const found = await db
    .select({ row: auditLog, position: micros, name: currentName })
    .from(auditLog)
    .where(and(eq(auditLog.websiteId, websiteId), after ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${fromMicros(after[0]!)}, ${after[1]})` : undefined))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1);
  return toPage(
    found,
    limit,
    ({ row, name }) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      ownerId: row.ownerId,
      actorEmail: row.actorEmail,
      action: row.action,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      subjectName: name ?? recordedName(row.detail),
      detail: row.detail,
    }),
    ({ row, position }) => [String(position), row.id],
  );
}
