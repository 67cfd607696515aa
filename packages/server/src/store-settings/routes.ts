import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/index.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { requireOwner, type OwnerArea } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { createCoupon, listCoupons, updateCoupon } from './coupon-repository.js';
import {
  Coupon,
  CouponCreate,
  CouponList,
  CouponPatch,
  SettingParams,
  ShippingOption,
  ShippingOptionCreate,
  ShippingOptionList,
  ShippingOptionPatch,
  TaxRule,
  TaxRuleCreate,
  TaxRuleList,
  TaxRulePatch,
} from './schemas.js';
import { SettingMessages } from './setting-messages.js';
import { createShippingOption, listShippingOptions, updateShippingOption } from './shipping-option-repository.js';
import { createTaxRule, listTaxRules, updateTaxRule } from './tax-rule-repository.js';

/** Paths of the owner's store settings calls. */
export const StoreSettingPaths = Object.freeze({
  COUPONS: '/api/owner/coupons',
  SHIPPING_OPTIONS: '/api/owner/shipping-options',
  TAX_RULES: '/api/owner/tax-rules',
});

/** Largest body of a store settings change. */
const BODY_LIMIT = 16 * 1024;

/** Who makes a change, for the site's audit log. */
const actorOf = (request: FastifyRequest) => ({ ownerId: request.owner?.ownerId ?? null, email: request.owner?.email ?? null });

function someChange<T extends object>(patch: T): T {
  if (Object.keys(patch).length === 0) throw new AppError('VALIDATION_FAILED', SettingMessages.NOTHING_TO_CHANGE);
  return patch;
}

/**
 * Registers the owner's discount (coupon), shipping option and tax rule calls: list, create and
 * change (including turning off with `active: false`). Carts and checkout see a change on their
 * next request: shipping options and tax rules reach them through the per-site cache, whose
 * content version the tables' triggers move in the same transaction; coupons are read fresh.
 */
export function registerStoreSettingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const guard = (area: OwnerArea, level: 'read' | 'write') => requireOwner(db, config.ownerToken, `${area}:${level}`);

  const coupons = { tags: ['discounts', 'owner'] };
  routes.get(
    StoreSettingPaths.COUPONS,
    { preValidation: guard('discounts', 'read'), schema: { ...coupons, summary: "The site's coupons (owner)", response: withErrors({ 200: CouponList }) } },
    async (request) => ({
      coupons: await listCoupons(db, siteOf(request).id),
    }),
  );
  routes.post(
    StoreSettingPaths.COUPONS,
    {
      preValidation: guard('discounts', 'write'),
      bodyLimit: BODY_LIMIT,
      schema: { ...coupons, summary: 'Creates a coupon (owner)', body: CouponCreate, response: withErrors({ 201: Coupon }) },
    },
    async (request, reply) => reply.code(201).send(await createCoupon(db, siteOf(request).id, request.body, actorOf(request))),
  );
  routes.patch(
    `${StoreSettingPaths.COUPONS}/:id`,
    {
      preValidation: guard('discounts', 'write'),
      bodyLimit: BODY_LIMIT,
      schema: {
        ...coupons,
        summary: 'Changes a coupon; active false turns it off (owner)',
        params: SettingParams,
        body: CouponPatch,
        response: withErrors({ 200: Coupon }),
      },
    },
    async (request) => updateCoupon(db, siteOf(request).id, request.params.id, someChange(request.body), actorOf(request)),
  );

  const shipping = { tags: ['shipping', 'owner'] };
  routes.get(
    StoreSettingPaths.SHIPPING_OPTIONS,
    {
      preValidation: guard('shipping', 'read'),
      schema: { ...shipping, summary: "The site's shipping options in display order (owner)", response: withErrors({ 200: ShippingOptionList }) },
    },
    async (request) => ({ shippingOptions: await listShippingOptions(db, siteOf(request).id) }),
  );
  routes.post(
    StoreSettingPaths.SHIPPING_OPTIONS,
    {
      preValidation: guard('shipping', 'write'),
      bodyLimit: BODY_LIMIT,
      schema: { ...shipping, summary: 'Creates a shipping option (owner)', body: ShippingOptionCreate, response: withErrors({ 201: ShippingOption }) },
    },
    async (request, reply) => reply.code(201).send(await createShippingOption(db, siteOf(request).id, request.body, actorOf(request))),
  );
  routes.patch(
    `${StoreSettingPaths.SHIPPING_OPTIONS}/:id`,
    {
      preValidation: guard('shipping', 'write'),
      bodyLimit: BODY_LIMIT,
      schema: {
        ...shipping,
        summary: 'Changes a shipping option; active false turns it off (owner)',
        params: SettingParams,
        body: ShippingOptionPatch,
        response: withErrors({ 200: ShippingOption }),
      },
    },
    async (request) => updateShippingOption(db, siteOf(request).id, request.params.id, someChange(request.body), actorOf(request)),
  );

  const taxes = { tags: ['taxes', 'owner'] };
  routes.get(
    StoreSettingPaths.TAX_RULES,
    { preValidation: guard('taxes', 'read'), schema: { ...taxes, summary: "The site's tax rules (owner)", response: withErrors({ 200: TaxRuleList }) } },
    async (request) => ({
      taxRules: await listTaxRules(db, siteOf(request).id),
    }),
  );
  routes.post(
    StoreSettingPaths.TAX_RULES,
    {
      preValidation: guard('taxes', 'write'),
      bodyLimit: BODY_LIMIT,
      schema: { ...taxes, summary: 'Creates a tax rule (owner)', body: TaxRuleCreate, response: withErrors({ 201: TaxRule }) },
    },
    async (request, reply) => reply.code(201).send(await createTaxRule(db, siteOf(request).id, request.body, actorOf(request))),
  );
  routes.patch(
    `${StoreSettingPaths.TAX_RULES}/:id`,
    {
      preValidation: guard('taxes', 'write'),
      bodyLimit: BODY_LIMIT,
      schema: {
        ...taxes,
        summary: 'Changes a tax rule; active false turns it off (owner)',
        params: SettingParams,
        body: TaxRulePatch,
        response: withErrors({ 200: TaxRule }),
      },
    },
    async (request) => updateTaxRule(db, siteOf(request).id, request.params.id, someChange(request.body), actorOf(request)),
  );
}
