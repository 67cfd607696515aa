import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formSubmissions, forms, restockSignups } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import type { SiteUserDeps } from './accounts.js';
import { allAccountOrders, listAccountSubscriptions, type AccountOwner } from './account-orders.js';
import { listAddresses } from './addresses.js';
import { sessionOf, signedInGuard } from './guards.js';
import { normalSiteUserEmail, type SiteUserRow } from './site-user-repository.js';

/** Where a signed-in site user downloads everything the site holds about them. */
export const SITE_USER_DATA_PATH = '/api/site-users/account/data';

const iso = z.string().describe('ISO 8601 time');
const json = z.unknown();
const Money = { currency: z.string() };

/** The download: the account, its orders with their lines, subscriptions, restock sign-ups and form submissions by the account's address. */
export const AccountData = z
  .object({
    exportedAt: iso,
    account: z.object({
      id: z.string(),
      email: z.string(),
      displayName: z.string(),
      emailVerifiedAt: iso.nullable(),
      locale: z.string().nullable(),
      createdAt: iso,
      lastSignInAt: iso.nullable(),
    }),
    orders: z.array(
      z.object({
        orderNumber: z.number().int(),
        createdAt: iso,
        status: z.string(),
        paymentStatus: z.string(),
        customerEmail: z.string(),
        shippingAddress: json,
        billingAddress: json,
        ...Money,
        subtotalCents: z.number().int(),
        taxCents: z.number().int(),
        shippingCents: z.number().int(),
        discountCents: z.number().int(),
        grandTotalCents: z.number().int(),
        lines: z.array(
          z.object({
            productName: z.string(),
            sku: z.string().nullable(),
            quantity: z.number().int(),
            unitPriceCents: z.number().int(),
            variantOptions: json,
            additionalFields: json,
          }),
        ),
      }),
    ),
    subscriptions: z.array(
      z.object({
        firstOrderNumber: z.number().int(),
        state: z.string(),
        customerEmail: z.string(),
        plan: json,
        ...Money,
        amountCents: z.number().int(),
        cyclesBilled: z.number().int(),
        lines: json,
        paymentMethod: z.object({ brand: z.string().nullable(), last4: z.string().nullable() }),
        nextBillingAt: iso.nullable(),
        createdAt: iso,
        endedAt: iso.nullable(),
      }),
    ),
    restockSignups: z.array(
      z.object({
        productId: z.string(),
        variantId: z.string(),
        email: z.string(),
        joinMailingList: z.boolean(),
        language: z.string().nullable(),
        createdAt: iso,
        notifiedAt: iso.nullable(),
      }),
    ),
    formSubmissions: z.array(z.object({ formName: z.string(), createdAt: iso, data: json })),
    addresses: z.array(z.object({ address: json, isDefault: z.boolean() })),
  })
  .describe('Everything the site holds about the signed-in person');

const at = (date: Date | null) => (date ? date.toISOString() : null);

/** Restock sign-ups and form submissions are matched by address, so only a confirmed one counts. */
function confirmedEmail(owner: AccountOwner): string | undefined {
  return owner.emailVerifiedAt ? normalSiteUserEmail(owner.email) : undefined;
}

/** Assembles {@link AccountData} for a site user. */
export async function accountData(db: DbOrTx, user: SiteUserRow, now: Date): Promise<z.infer<typeof AccountData>> {
  const email = confirmedEmail(user);
  const [orders, subscriptions, restock, submissions, addresses] = await Promise.all([
    allAccountOrders(db, user),
    listAccountSubscriptions(db, user),
    email
      ? db
          .select()
          .from(restockSignups)
          .where(and(eq(restockSignups.websiteId, user.websiteId), sql`lower(btrim(${restockSignups.email})) = ${email}`))
          .orderBy(desc(restockSignups.createdAt))
      : [],
    email
      ? db
          .select({ formName: forms.name, createdAt: formSubmissions.createdAt, data: formSubmissions.data })
          .from(formSubmissions)
          .innerJoin(forms, and(eq(forms.websiteId, formSubmissions.websiteId), eq(forms.id, formSubmissions.formId)))
          .where(
            and(
              eq(formSubmissions.websiteId, user.websiteId),
              sql`exists (select 1 from jsonb_each_text(${formSubmissions.data}) as field where lower(btrim(field.value)) = ${email})`,
            ),
          )
          .orderBy(desc(formSubmissions.createdAt))
      : [],
    listAddresses(db, user.websiteId, user.id),
  ]);
  return {
    exportedAt: now.toISOString(),
    account: {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      emailVerifiedAt: at(user.emailVerifiedAt),
      locale: user.locale,
      createdAt: user.createdAt.toISOString(),
      lastSignInAt: at(user.lastSignInAt),
    },
    orders: orders.map((o) => ({
      orderNumber: o.orderNumber,
      createdAt: o.createdAt.toISOString(),
      status: o.status,
      paymentStatus: o.paymentStatus,
      customerEmail: o.customerEmail,
      shippingAddress: o.shippingAddress,
      billingAddress: o.billingAddress,
      currency: o.currency,
      subtotalCents: o.subtotalCents,
      taxCents: o.taxCents,
      shippingCents: o.shippingCents,
      discountCents: o.discountCents,
      grandTotalCents: o.grandTotalCents,
      lines: o.lines.map((l) => ({
        productName: l.productName,
        sku: l.sku,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        variantOptions: l.variantOptions,
        additionalFields: l.additionalFields,
      })),
    })),
    subscriptions: subscriptions.map(({ subscription: s, firstOrderNumber }) => ({
      firstOrderNumber,
      state: s.state,
      customerEmail: s.customerEmail,
      plan: s.plan,
      currency: s.currency,
      amountCents: s.amountCents,
      cyclesBilled: s.cyclesBilled,
      lines: s.lines,
      paymentMethod: { brand: s.paymentMethod.summary.brand ?? null, last4: s.paymentMethod.summary.last4 ?? null },
      nextBillingAt: at(s.nextBillingAt),
      createdAt: s.createdAt.toISOString(),
      endedAt: at(s.endedAt),
    })),
    restockSignups: restock.map((r) => ({
      productId: r.productId,
      variantId: r.variantId,
      email: r.email,
      joinMailingList: r.joinMailingList,
      language: r.language,
      createdAt: r.createdAt.toISOString(),
      notifiedAt: at(r.notifiedAt),
    })),
    formSubmissions: submissions.map((f) => ({ formName: f.formName, createdAt: f.createdAt.toISOString(), data: f.data })),
    addresses: addresses.map((a) => ({ address: a.address, isDefault: a.isDefault })),
  };
}

/** Registers the download of the signed-in person's data (a JSON attachment, never stored by caches). */
export function registerDataExport(app: FastifyInstance, deps: SiteUserDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    SITE_USER_DATA_PATH,
    {
      preValidation: signedInGuard(deps, { xsrf: false }),
      schema: {
        tags: ['site users'],
        summary: 'Downloads everything the site holds about the signed-in site user (JSON)',
        response: withErrors({ 200: AccountData }),
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const data = await accountData(deps.db, user, deps.now());
      reply.header('cache-control', 'no-store').header('content-disposition', 'attachment; filename="account-data.json"');
      return data;
    },
  );
}
