import { and, asc, eq } from 'drizzle-orm';
import { taxRules } from '../db/schema.js';
import type { Db } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { recordAuditAs, type AuditActor } from '../owner-accounts/index.js';
import { fieldError, SettingMessages } from './setting-messages.js';
import { thousandthsOf } from './tax-rate.js';

type TaxRuleRow = typeof taxRules.$inferSelect;

/** A tax rule as the owner sees it: a rate in percent (at most three decimals) for a country and region. */
export interface TaxRuleJson {
  id: string;
  name: string;
  country: string;
  region: string;
  ratePercent: number;
  appliesToShipping: boolean;
  active: boolean;
  createdAt: string;
}

/** What an owner may set on a tax rule. */
export interface TaxRuleInput {
  name: string;
  country: string;
  region: string;
  /** Percent with at most three decimals; stored in thousandths of a percent. */
  ratePercent: number;
  appliesToShipping: boolean;
  active: boolean;
}

function ruleJson(row: TaxRuleRow): TaxRuleJson {
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    region: row.region,
    ratePercent: row.rateThousandths / 1000,
    appliesToShipping: row.appliesToShipping,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The stored columns of some rule fields: the rate in thousandths of a percent. */
function ruleColumns<T extends Partial<TaxRuleInput>>(input: T): Omit<T, 'ratePercent'> & { rateThousandths?: number } {
  const { ratePercent, ...rest } = input;
  return ratePercent === undefined ? rest : { ...rest, rateThousandths: thousandthsOf(ratePercent) };
}

/** A region belongs to a country: a rule for everywhere has no region. */
function checkPlace(rule: { country: string; region: string }): void {
  if (rule.region !== '' && rule.country === '') throw fieldError('VALIDATION_FAILED', 'region', SettingMessages.REGION_NEEDS_COUNTRY);
}

/** The site's tax rules by country, region and name, those turned off included. */
export async function listTaxRules(db: Db, websiteId: string): Promise<TaxRuleJson[]> {
  const rows = await db
    .select()
    .from(taxRules)
    .where(eq(taxRules.websiteId, websiteId))
    .orderBy(asc(taxRules.country), asc(taxRules.region), asc(taxRules.name), asc(taxRules.id));
  return rows.map(ruleJson);
}

/** Creates a tax rule. Carts see it on their next request (the site's content version moves). */
export async function createTaxRule(db: Db, websiteId: string, input: TaxRuleInput, actor: AuditActor): Promise<TaxRuleJson> {
  checkPlace(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(taxRules)
      .values({ ...ruleColumns(input), websiteId, rateThousandths: thousandthsOf(input.ratePercent) })
      .returning();
    await recordAuditAs(tx, websiteId, actor, { action: 'tax-rule.create', subjectType: 'tax-rule', subjectId: row!.id, detail: { name: row!.name } });
    return ruleJson(row!);
  });
}

/** Changes some fields of a tax rule (`active: false` turns it off). */
export async function updateTaxRule(db: Db, websiteId: string, id: string, patch: Partial<TaxRuleInput>, actor: AuditActor): Promise<TaxRuleJson> {
  return db.transaction(async (tx) => {
    const where = and(eq(taxRules.websiteId, websiteId), eq(taxRules.id, id));
    const [current] = await tx.select().from(taxRules).where(where).for('update');
    if (!current) throw new AppError('NOT_FOUND', SettingMessages.TAX_RULE_NOT_FOUND);
    checkPlace({ ...current, ...patch });
    const [row] = await tx.update(taxRules).set(ruleColumns(patch)).where(where).returning();
    await recordAuditAs(tx, websiteId, actor, {
      action: 'tax-rule.update',
      subjectType: 'tax-rule',
      subjectId: id,
      detail: { name: row!.name, changed: Object.keys(patch) },
    });
    return ruleJson(row!);
  });
}
