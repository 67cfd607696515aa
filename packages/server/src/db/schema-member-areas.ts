/**
 * Drizzle tables of member areas (migration 0206): the areas an owner sells, what each gates,
 * and the memberships of site users. `schema.test.ts` checks that they agree with the SQL.
 */
import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt, websiteIdColumn } from './tables/columns.js';
import { websites } from './tables/websites.js';
import { siteUsers } from './schema-site-users.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** How a member area is paid for. */
export const MEMBER_AREA_BILLING = ['one-time', 'recurring'] as const;
/** One of {@link MEMBER_AREA_BILLING}. */
export type MemberAreaBilling = (typeof MEMBER_AREA_BILLING)[number];
/** What a gate covers. */
export const GATE_KINDS = ['collection', 'item'] as const;
/** One of {@link GATE_KINDS}. */
export type GateKind = (typeof GATE_KINDS)[number];
/** Where a membership came from. */
export type MembershipSource = 'order' | 'free' | 'owner';

/** A member area of one site: its name, price (minor units, 0 free), billing and the paywall product that sells it. */
export const memberAreas = pgTable(
  'member_areas',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull().default(0),
    billing: text('billing').$type<MemberAreaBilling>().notNull().default('one-time'),
    periodValue: integer('period_value'),
    periodUnit: text('period_unit').$type<'WEEK' | 'MONTH' | 'YEAR'>(),
    trialDays: integer('trial_days').notNull().default(0),
    productItemId: text('product_item_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('member_areas_website_id_key').on(t.websiteId, t.id),
    index('member_areas_website_idx').on(t.websiteId, t.createdAt),
    uniqueIndex('member_areas_product_key').on(t.websiteId, t.productItemId).where(sql`product_item_id IS NOT NULL`),
  ],
);

/** A collection or item an area gates. */
export const memberAreaGates = pgTable(
  'member_area_gates',
  {
    websiteId: websiteIdColumn(),
    memberAreaId: text('member_area_id').notNull(),
    targetKind: text('target_kind').$type<GateKind>().notNull(),
    targetId: text('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.memberAreaId, t.targetKind, t.targetId] }),
    foreignKey({ name: 'member_area_gates_area_fk', columns: [t.websiteId, t.memberAreaId], foreignColumns: [memberAreas.websiteId, memberAreas.id] }).onDelete(
      'cascade',
    ),
    index('member_area_gates_target_idx').on(t.websiteId, t.targetKind, t.targetId),
  ],
);

/** A site user's access to an area: bought (one order, granted once), free, or given by the owner. */
export const memberships = pgTable(
  'memberships',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    memberAreaId: text('member_area_id').notNull(),
    siteUserId: text('site_user_id').notNull(),
    source: text('source').$type<MembershipSource>().notNull(),
    orderId: text('order_id'),
    subscriptionId: text('subscription_id'),
    startedAt: at('started_at').notNull().defaultNow(),
    endedAt: at('ended_at'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'memberships_area_fk', columns: [t.websiteId, t.memberAreaId], foreignColumns: [memberAreas.websiteId, memberAreas.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'memberships_user_fk', columns: [t.websiteId, t.siteUserId], foreignColumns: [siteUsers.websiteId, siteUsers.id] }).onDelete('cascade'),
    uniqueIndex('memberships_order_key').on(t.websiteId, t.orderId).where(sql`order_id IS NOT NULL`),
    index('memberships_user_idx').on(t.websiteId, t.siteUserId),
    index('memberships_area_idx').on(t.websiteId, t.memberAreaId, t.startedAt.desc()),
  ],
);
