import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app.js';
import { assertCaptcha, captchaProviderFor, siteCaptchaSettings } from '../captcha/index.js';
import type { FormsConfig } from '../forms/forms-config.js';
import { AppError } from '../http/errors.js';
import { requireOwnerApi } from '../owner/index.js';
import type { Website } from '../sites/website.js';
import { decodeCursor, pageSize } from './cursor.js';
import type { RestockMailContext } from './restock-mail.js';
import { parseRestockRequest } from './restock-payload.js';
import { findVariant, listSignUpGroups, listSignUps, notifySignUps, signUpForRestock, type SendRequest } from './restock-repository.js';

/** Path of the restock calls (spec 7). */
export const RESTOCK_PATH = '/api/site-users/account/notifications/restock';
/** Most variants in one send/all call. */
export const MAX_SEND_REQUESTS = 500;

function siteOf(request: FastifyRequest): Website {
  if (!request.site) throw new AppError('SITE_NOT_FOUND', 'Site not found.');
  return request.site;
}

/** Absolute base URL of a site for links in mails. */
export function siteBaseUrl(site: Website, baseDomain: string, port: number): string {
  if (site.domains[0]) return `https://${site.domains[0]}`;
  return `http://${site.identifier}.${baseDomain}${port === 80 ? '' : `:${port}`}`;
}

function sendRequestOf(value: unknown, where: string): SendRequest {
  const input = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const ok = (v: unknown) => typeof v === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(v);
  if (!ok(input.productId) || !ok(input.variantId)) throw new AppError('BAD_REQUEST', `${where} needs productId and variantId.`);
  return { productId: input.productId as string, variantId: input.variantId as string };
}

/** Registers the restock sign-up call and the owner's list and send calls. */
export function registerRestockRoutes(app: FastifyInstance, deps: AppDeps, config: FormsConfig, onMailQueued: () => void): void {
  const { db } = deps;
  const owner = requireOwnerApi(db, config.ownerToken);
  const mailContext = (site: Website): RestockMailContext => ({
    siteTitle: site.title,
    baseUrl: siteBaseUrl(site, deps.config.baseDomain, deps.config.port),
  });

  app.post(
    RESTOCK_PATH,
    { onRequest: deps.rateLimit({ name: 'restock-signup', max: config.signUpsPerWindow, windowMs: config.rateWindowMs, key: 'site' }) },
    async (request) => {
      const site = siteOf(request);
      const signUp = parseRestockRequest(request.body);
      if (!(await findVariant(db, site.id, signUp.productId, signUp.variantId))) throw new AppError('NOT_FOUND', 'This product variant does not exist.');
      if (siteCaptchaSettings(site).enabled) {
        const provider = captchaProviderFor(site, config);
        const token = provider.kind === 'recaptcha-enterprise' ? signUp.enterpriseToken : signUp.captchaToken;
        assertCaptcha(await provider.verify({ db, websiteId: site.id, token, action: 'product_waitlist', remoteIp: request.ip }));
      }
      await signUpForRestock(db, site.id, signUp);
      return { success: true };
    },
  );

  app.get(`${RESTOCK_PATH}/groups`, { preHandler: owner }, async (request) => {
    const site = siteOf(request);
    const query = request.query as Record<string, unknown>;
    const page = await listSignUpGroups(db, site.id, decodeCursor(query.cursor, 2), pageSize(query.limit));
    return { signUpGroups: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
  });

  app.get(RESTOCK_PATH, { preHandler: owner }, async (request) => {
    const site = siteOf(request);
    const query = request.query as Record<string, unknown>;
    const filter = {
      productId: typeof query.productId === 'string' && query.productId ? query.productId : undefined,
      variantId: typeof query.variantId === 'string' && query.variantId ? query.variantId : undefined,
    };
    const page = await listSignUps(db, site.id, filter, decodeCursor(query.cursor, 2), pageSize(query.limit));
    return { signUps: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
  });

  app.post(`${RESTOCK_PATH}/send`, { preHandler: owner }, async (request) => {
    const site = siteOf(request);
    const sendRequest = sendRequestOf(request.body, 'The body');
    const [count] = await notifySignUps(db, site.id, [sendRequest], mailContext(site));
    if (count) onMailQueued();
    return { ...sendRequest, notifiedCount: count ?? 0 };
  });

  app.post(`${RESTOCK_PATH}/send/all`, { preHandler: owner }, async (request) => {
    const site = siteOf(request);
    const list = (request.body as Record<string, unknown> | null)?.sendRequests;
    if (!Array.isArray(list)) throw new AppError('BAD_REQUEST', 'sendRequests must be a list.');
    if (list.length > MAX_SEND_REQUESTS) throw new AppError('BAD_REQUEST', `sendRequests holds at most ${MAX_SEND_REQUESTS} entries.`);
    const requests = list.map((entry, i) => sendRequestOf(entry, `sendRequests[${i}]`));
    const counts = await notifySignUps(db, site.id, requests, mailContext(site));
    if (counts.some((c) => c > 0)) onMailQueued();
    return { results: requests.map((r, i) => ({ ...r, notifiedCount: counts[i] ?? 0 })), notifiedCount: counts.reduce((a, b) => a + b, 0) };
  });
}
