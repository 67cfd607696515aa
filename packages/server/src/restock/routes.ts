import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { assertCaptcha, captchaProviderFor, siteCaptchaSettings } from '../captcha/index.js';
import { CsvDownload, sendCsv, toCsv } from '../csv/index.js';
import { AppError } from '../errors/index.js';
import { decodeCursor, MICROS_PART, pageSize, TEXT_PART } from '../http/page-cursor.js';
import { clientRateLimit } from '../http/rate-limit.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { requireOwner } from '../owner-sessions/index.js';
import type { AppConfig } from '../config.js';
import { canonicalOrigin } from '../sites/index.js';
import { visitorLanguageOf } from '../multilingual/index.js';
import { sealingKeySource } from '../sealing/index.js';
import { siteOf, type Website } from '../sites/index.js';
import type { RestockMailContext } from './restock-mail.js';
import { toRestockRequest } from './restock-payload.js';
import { allSignUps, findVariant, listSignUpGroups, listSignUps, notifySignUps, signUpForRestock } from './restock-repository.js';
import {
  RestockSignedUp,
  RestockSignUpBody,
  SendAllBody,
  SendAllResult,
  SendRequestBody,
  SendResult,
  SignUpGroupPage,
  SignUpGroupsQuery,
  SignUpPage,
  SignUpsQuery,
} from './schemas.js';

/** Path of the restock calls (spec 7). */
export const RESTOCK_PATH = '/api/site-users/account/notifications/restock';

/** Absolute base URL of a site for links in mails: its canonical origin, from the configuration (never the request). */
export function siteBaseUrl(site: Website, config: AppConfig): string {
  return canonicalOrigin(site, config);
}

/** Options of {@link registerRestockRoutes}. */
export interface RestockRouteOptions {
  /** Called after back-in-stock mail was queued (nudges the outbox's delivery). */
  mailQueued: () => void;
}

/**
 * Registers the restock sign-up call, the owner's list and send calls (spec 7) and the sign-ups'
 * CSV export. Owner calls check the owner before reading their body, so a visitor learns nothing
 * from a malformed one.
 */
export function registerRestockRoutes(app: FastifyInstance, deps: AppDeps, options: RestockRouteOptions): void {
  const { db, config } = deps;
  const sealingKey = sealingKeySource(db, config);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const readSignUps = requireOwner(db, config.ownerToken, 'restock:read');
  const sendMail = requireOwner(db, config.ownerToken, 'restock:write');
  const mailContext = (site: Website): RestockMailContext => ({
    site,
    baseUrl: siteBaseUrl(site, config),
  });
  const signUpLimit = clientRateLimit(deps.rateLimitStore, {
    name: 'restock-signup',
    perClient: config.signUpsPerClient,
    perSite: config.signUpsPerWindow,
    windowMs: config.rateWindowMs,
  });

  routes.post(
    RESTOCK_PATH,
    {
      onRequest: signUpLimit.onRequest,
      schema: {
        tags: ['restock'],
        summary: 'Signs a visitor up for back-in-stock mail of a variant',
        body: RestockSignUpBody,
        response: withErrors({ 200: RestockSignedUp }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const signUp = toRestockRequest(request.body, visitorLanguageOf(site.settings, request.headers));
      if (!(await findVariant(db, site.id, signUp.productId, signUp.variantId))) throw new AppError('NOT_FOUND', 'This product variant does not exist.');
      if (siteCaptchaSettings(site).enabled) {
        const provider = await captchaProviderFor(site, config, sealingKey);
        const token = provider.kind === 'recaptcha-enterprise' ? signUp.enterpriseToken : signUp.captchaToken;
        assertCaptcha(await provider.verify({ db, websiteId: site.id, token, action: 'product_waitlist', remoteIp: request.ip }));
      }
      await signUpLimit.acceptForSite(request, reply);
      await signUpForRestock(db, site.id, signUp);
      return { success: true as const };
    },
  );

  routes.get(
    `${RESTOCK_PATH}/groups`,
    {
      preValidation: readSignUps,
      schema: {
        tags: ['restock', 'owner'],
        summary: 'Sign-ups counted by variant (owner)',
        querystring: SignUpGroupsQuery,
        response: withErrors({ 200: SignUpGroupPage }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { cursor, limit } = request.query;
      const page = await listSignUpGroups(db, site.id, decodeCursor(cursor, [TEXT_PART, TEXT_PART]), pageSize(limit));
      return { signUpGroups: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
    },
  );

  routes.get(
    RESTOCK_PATH,
    {
      preValidation: readSignUps,
      schema: {
        tags: ['restock', 'owner'],
        summary: 'Sign-ups, newest first, optionally of one product or variant (owner)',
        querystring: SignUpsQuery,
        response: withErrors({ 200: SignUpPage }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { cursor, limit, productId, variantId } = request.query;
      const filter = { productId: productId || undefined, variantId: variantId || undefined };
      const page = await listSignUps(db, site.id, filter, decodeCursor(cursor, [MICROS_PART, TEXT_PART]), pageSize(limit));
      return { signUps: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
    },
  );

  routes.post(
    `${RESTOCK_PATH}/send`,
    {
      preValidation: sendMail,
      schema: {
        tags: ['restock', 'owner'],
        summary: "Queues back-in-stock mail for a variant's waiting sign-ups (owner)",
        body: SendRequestBody,
        response: withErrors({ 200: SendResult }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { productId, variantId } = request.body;
      const [count = 0] = await notifySignUps(db, site.id, [{ productId, variantId }], mailContext(site));
      if (count > 0) options.mailQueued();
      return { productId, variantId, notifiedCount: count };
    },
  );

  routes.post(
    `${RESTOCK_PATH}/send/all`,
    {
      preValidation: sendMail,
      schema: {
        tags: ['restock', 'owner'],
        summary: 'Queues back-in-stock mail for several variants (owner)',
        body: SendAllBody,
        response: withErrors({ 200: SendAllResult }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const requests = request.body.sendRequests.map(({ productId, variantId }) => ({ productId, variantId }));
      const counts = await notifySignUps(db, site.id, requests, mailContext(site));
      if (counts.some((c) => c > 0)) options.mailQueued();
      return { results: requests.map((r, i) => ({ ...r, notifiedCount: counts[i] ?? 0 })), notifiedCount: counts.reduce((a, b) => a + b, 0) };
    },
  );

  routes.get(
    '/api/owner/restock.csv',
    { preValidation: readSignUps, schema: { tags: ['owner'], summary: 'Restock sign-ups as CSV', response: withErrors({ 200: CsvDownload }) } },
    async (request, reply) => {
      const site = siteOf(request);
      const rows = await allSignUps(db, site.id);
      const header = ['Signed up', 'Email', 'Product', 'SKU', 'Product id', 'Variant id', 'Mailing list', 'Language', 'Notified'];
      return sendCsv(
        reply,
        'restock-signups.csv',
        toCsv(
          header,
          rows.map((r) => [
            r.createdAt,
            r.email,
            r.productName,
            r.sku,
            r.productId,
            r.variantId,
            r.isJoinMailingList ? 'yes' : 'no',
            r.language ?? '',
            r.notifiedAt ?? '',
          ]),
        ),
      );
    },
  );
}
