import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/types.js';
import type { MembershipSource } from '../db/schema-member-areas.js';
import { activeMembershipSql } from './membership-repository.js';

/** One membership of a customer as the owner's Customers screen shows it. */
export interface CustomerMembership {
  id: string;
  areaId: string;
  areaName: string;
  source: MembershipSource;
  /** The order that bought it (source 'order'). */
  orderNumber: number | null;
  subscriptionId: string | null;
  active: boolean;
  startedAt: string;
  /** When it ended: revoked, or the subscription that paid for it ended; null while it lasts. */
  endedAt: string | null;
  /** The next payment of the subscription that keeps it, while that subscription runs. */
  renewsAt: string | null;
}

interface Row {
  id: string;
  areaId: string;
  areaName: string;
  source: MembershipSource;
  orderNumber: number | null;
  subscriptionId: string | null;
  active: boolean;
  startedAt: Date | string;
  endedAt: Date | string | null;
  subscriptionState: string | null;
  subscriptionEndedAt: Date | string | null;
  nextBillingAt: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Every membership of a site user (active first, then newest), with its area, order and subscription (one statement). */
export async function listCustomerMemberships(db: DbOrTx, websiteId: string, siteUserId: string): Promise<CustomerMembership[]> {
  const result = (await db.execute(sql`
    SELECT m.id, m.member_area_id AS "areaId", a.name AS "areaName", m.source, o.order_number AS "orderNumber",
      m.subscription_id AS "subscriptionId", (${activeMembershipSql(sql`m`)}) AS active, m.started_at AS "startedAt", m.ended_at AS "endedAt",
      s.state AS "subscriptionState", s.ended_at AS "subscriptionEndedAt", s.next_billing_at AS "nextBillingAt"
    FROM memberships m
    JOIN member_areas a ON a.website_id = m.website_id AND a.id = m.member_area_id
    LEFT JOIN orders o ON o.website_id = m.website_id AND o.id = m.order_id
    LEFT JOIN subscriptions s ON s.website_id = m.website_id AND s.id = m.subscription_id
    WHERE m.website_id = ${websiteId} AND m.site_user_id = ${siteUserId}
    ORDER BY active DESC, m.started_at DESC, m.id DESC
    LIMIT 500`)) as unknown as { rows: Row[] };
  return result.rows.map((r) => {
    const active = Boolean(r.active);
    const subscriptionEnded = r.subscriptionState === 'cancelled' || r.subscriptionState === 'completed';
    return {
      id: r.id,
      areaId: r.areaId,
      areaName: r.areaName,
      source: r.source,
      orderNumber: r.orderNumber === null ? null : Number(r.orderNumber),
      subscriptionId: r.subscriptionId,
      active,
      startedAt: iso(r.startedAt)!,
      endedAt: iso(r.endedAt) ?? (subscriptionEnded ? iso(r.subscriptionEndedAt) : null),
      renewsAt: active && r.subscriptionId ? iso(r.nextBillingAt) : null,
    };
  });
}

/**
 * Ends every active membership of a site user in one area at `now` (one statement): access
 * goes with the next request, since pages read memberships for each request. A subscription
 * that paid for one is not cancelled (that is the Subscriptions screen's call). Answers how
 * many ended; 0 when the person held no active membership of the area.
 */
export async function endCustomerMemberships(db: DbOrTx, websiteId: string, siteUserId: string, areaId: string, now: Date): Promise<number> {
  const result = (await db.execute(sql`
    WITH ended AS (
      UPDATE memberships m SET ended_at = ${now.toISOString()}::timestamptz
      WHERE m.website_id = ${websiteId} AND m.site_user_id = ${siteUserId} AND m.member_area_id = ${areaId} AND ${activeMembershipSql(sql`m`)}
      RETURNING 1)
    SELECT count(*)::int AS n FROM ended`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}
