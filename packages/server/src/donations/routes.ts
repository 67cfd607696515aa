import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/index.js';
import { IDEMPOTENCY_HEADER, IdempotencyHeaders, requestHash } from '../http/idempotency-key.js';
import { decodeCursor, pageSize, toPage } from '../http/page-cursor.js';
import { noStore, siteOf } from '../http/request-site.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { recordAuditAs } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { canonicalOrigin } from '../sites/index.js';
import { visitorLanguageOf } from '../multilingual/index.js';
import { DonationMessages } from './donation-messages.js';
import { DONATION_CURSOR, listDonationRows, ownerDonationJson } from './donation-list.js';
import { loadDonationSettings, saveDonationSettings } from './donation-settings.js';
import { giveDonation } from './give.js';
import { DonationAnswer, DonationBody, DonationListQuery, DonationPage, DonationSettingsAnswer, DonationSettingsBody } from './schemas.js';

/** Path of the donor's call. */
export const DONATIONS_PATH = '/api/commerce/donations';
/** Base path of the owner's donation calls (`…` lists, `…/settings` reads and saves the settings). */
export const OWNER_DONATIONS_PATH = '/api/owner/donations';

/** Donations per site and client IP: 10 a minute (card-testing guard, like checkout). */
export const DONATION_LIMIT = Object.freeze({ name: 'donations', max: 10, windowMs: 60_000, key: 'site+ip' as const });
/** Largest body of a donation or settings call. */
export const DONATION_BODY_LIMIT = 8 * 1024;

/**
 * Registers POST /api/commerce/donations (the crumb like every site change, an Idempotency-Key
 * required, rate-limited per site and IP), and the owner's calls: the donation list (keyset
 * pages, `orders:read`) and the settings, read with `orders:read` and saved with `orders:write`.
 */
export function registerDonationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const canRead = requireOwner(db, config.ownerToken, 'orders:read');
  const canWrite = requireOwner(db, config.ownerToken, 'orders:write');

  routes.post(
    DONATIONS_PATH,
    {
      onRequest: deps.rateLimit({ ...DONATION_LIMIT }),
      bodyLimit: DONATION_BODY_LIMIT,
      schema: {
        tags: ['donations'],
        summary: 'Give a donation, once or monthly (an Idempotency-Key makes a repeated submit give once)',
        headers: IdempotencyHeaders,
        body: DonationBody,
        response: withErrors({ 200: DonationAnswer }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (typeof key !== 'string' || key === '') throw new AppError('BAD_REQUEST', DonationMessages.KEY_REQUIRED);
      const providers = await deps.payments.forSite(site);
      const origin = canonicalOrigin(site, config);
      const language = visitorLanguageOf(site.settings, request.headers);
      const result = await giveDonation({ db, providers, origin, log: request.log, language }, site, request.body, { key, hash: requestHash(request.body) });
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      else app.emporiumOutbox.mailQueued();
      return noStore(reply).send(result.body);
    },
  );

  const tags = ['donations', 'owner'];
  routes.get(
    OWNER_DONATIONS_PATH,
    {
      preValidation: canRead,
      schema: {
        tags,
        summary: 'Donations, newest first, optionally in one status, keyset pages (owner)',
        querystring: DonationListQuery,
        response: withErrors({ 200: DonationPage }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const limit = pageSize(request.query.limit === undefined ? undefined : String(request.query.limit));
      const rows = await listDonationRows(db, site.id, request.query.status, decodeCursor(request.query.cursor, DONATION_CURSOR), limit);
      const page = toPage(
        rows,
        limit,
        (row) => ownerDonationJson(row, site.settings.locale),
        (row) => [String(row.position), row.id],
      );
      noStore(reply);
      return { donations: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
    },
  );

  routes.get(
    `${OWNER_DONATIONS_PATH}/settings`,
    { preValidation: canRead, schema: { tags, summary: "The site's donation settings (owner)", response: withErrors({ 200: DonationSettingsAnswer }) } },
    async (request, reply) => {
      const site = siteOf(request);
      noStore(reply);
      return { settings: await loadDonationSettings(db, site.id, site.settings.currency), currency: site.settings.currency };
    },
  );

  routes.put(
    `${OWNER_DONATIONS_PATH}/settings`,
    {
      preValidation: canWrite,
      bodyLimit: DONATION_BODY_LIMIT,
      schema: {
        tags,
        summary: "Saves the site's donation settings (owner, audited)",
        body: DonationSettingsBody,
        response: withErrors({ 200: DonationSettingsAnswer }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const actor = { ownerId: request.owner?.ownerId ?? null, email: request.owner?.email ?? null };
      const settings = await db.transaction(async (tx) => {
        const saved = await saveDonationSettings(tx, site.id, request.body);
        await recordAuditAs(tx, site.id, actor, {
          action: 'donations.settings',
          subjectType: 'donation-settings',
          subjectId: site.id,
          detail: { enabled: saved.enabled },
        });
        return saved;
      });
      noStore(reply);
      return { settings, currency: site.settings.currency };
    },
  );
}
