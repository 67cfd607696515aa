import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app.js';
import { createForm, getForm, listForms, updateForm } from '../forms/form-repository.js';
import type { FormsConfig } from '../forms/forms-config.js';
import { crumbFailure, CRUMB_COOKIE } from '../http/crumb.js';
import { AppError } from '../http/errors.js';
import { listOutbox } from '../outbox/index.js';
import { allSignUps, listSignUpGroups, listSignUps, notifySignUps, siteBaseUrl } from '../restock/index.js';
import type { Website } from '../sites/website.js';
import { pageViewsByPath } from '../tracking/index.js';
import { toCsv } from './csv.js';
import { endOwnerSession, isOwnerRequest, isOwnerSecret, requireOwnerApi, setOwnerPassword, startOwnerSession } from './owner-auth.js';
import { ownerPage } from './owner-html.js';
import { formSubmissionsView, formsView, loginView, passwordView, restockView, submissionCells, submissionHeader, visitsView } from './owner-views.js';
import { listSubmissions, submissionCounts } from './submissions-repository.js';

function siteOf(request: FastifyRequest): Website {
  if (!request.site) throw new AppError('SITE_NOT_FOUND', 'Site not found.');
  return request.site;
}

function formBody(request: FastifyRequest): Record<string, string> {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, string>) : {};
}

/** Refuses a /config form post whose crumb field does not match the crumb cookie. */
function checkCrumb(request: FastifyRequest): void {
  const failure = crumbFailure({ cookieHeader: request.headers.cookie, cookie: request.cookies[CRUMB_COOKIE], submitted: formBody(request).crumb });
  if (failure) throw failure;
}

/** The owner's visit report covers the last 30 days. */
export const VISIT_REPORT_DAYS = 30;

async function visitReport(db: AppDeps['db'], site: Website) {
  const since = new Date(Date.now() - VISIT_REPORT_DAYS * 24 * 60 * 60 * 1000);
  return { days: VISIT_REPORT_DAYS, since: since.toISOString(), paths: await pageViewsByPath(db, site.id, since) };
}

function safeNext(next: unknown): string {
  return typeof next === 'string' && /^\/config\/[A-Za-z0-9/_.-]*$/.test(next) ? next : '/config/forms';
}

function html(reply: FastifyReply, body: string, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

function csv(reply: FastifyReply, fileName: string, body: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .send(body);
}

/** Registers the owner's /config pages, CSV exports and the owner JSON calls for forms. */
export function registerOwnerRoutes(app: FastifyInstance, deps: AppDeps, config: FormsConfig, onMailQueued: () => void): void {
  const { db } = deps;
  const secure = deps.config.secureCookies;
  const page = (request: FastifyRequest, title: string, body: string, signedIn = true) =>
    ownerPage({ title, siteTitle: siteOf(request).title, body, crumb: request.crumb, signedIn });

  /** Sends visitors without an owner session to the sign-in page. */
  const requireOwnerPage = async (request: FastifyRequest, reply: FastifyReply) => {
    siteOf(request);
    if (await isOwnerRequest(db, request, config.ownerToken)) return;
    const next = encodeURIComponent(request.url.split('?')[0] ?? '/config/forms');
    return reply.code(303).header('location', `/config/login?next=${next}`).header('cache-control', 'no-store').send();
  };
  const requireOwnerJson = requireOwnerApi(db, config.ownerToken);

  app.get('/config', { preHandler: requireOwnerPage }, async (_request, reply) => reply.code(303).header('location', '/config/forms').send());

  app.get('/config/login', async (request, reply) => {
    const next = safeNext((request.query as Record<string, unknown>).next);
    return html(reply, page(request, 'Sign in', loginView({ crumb: request.crumb, next }), false));
  });

  app.post(
    '/config/login',
    { onRequest: deps.rateLimit({ name: 'owner-login', max: 10, windowMs: 60_000, key: 'site+ip' }) },
    async (request, reply) => {
      const site = siteOf(request);
      checkCrumb(request);
      const body = formBody(request);
      const next = safeNext(body.next);
      if (!(await isOwnerSecret(site, config.ownerToken, body.password ?? ''))) {
        return html(reply, page(request, 'Sign in', loginView({ crumb: request.crumb, next, error: 'Wrong password or token.' }), false), 401);
      }
      await startOwnerSession(db, site, reply, secure);
      return reply.code(303).header('location', next).send();
    },
  );

  app.post('/config/logout', async (request, reply) => {
    siteOf(request);
    checkCrumb(request);
    await endOwnerSession(db, request, reply);
    return reply.code(303).header('location', '/config/login').send();
  });

  app.get('/config/password', { preHandler: requireOwnerPage }, async (request, reply) =>
    html(reply, page(request, 'Owner password', passwordView({ crumb: request.crumb }))),
  );

  app.post('/config/password', { preHandler: requireOwnerPage }, async (request, reply) => {
    const site = siteOf(request);
    checkCrumb(request);
    try {
      await setOwnerPassword(db, site.id, formBody(request).password ?? '');
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 400) throw error;
      return html(reply, page(request, 'Owner password', passwordView({ crumb: request.crumb, error: error.message })), 400);
    }
    deps.resolver.invalidate();
    return html(reply, page(request, 'Owner password', passwordView({ crumb: request.crumb, notice: 'Password saved.' })));
  });

  app.get('/config/forms', { preHandler: requireOwnerPage }, async (request, reply) => {
    const site = siteOf(request);
    const forms = await listForms(db, site.id);
    const counts = await submissionCounts(db, site.id);
    const entries = await Promise.all(
      forms.map(async (form) => ({ form, total: counts.get(form.id) ?? 0, latest: await listSubmissions(db, site.id, form.id, 20) })),
    );
    return html(reply, page(request, 'Forms', formsView(entries)));
  });

  app.get<{ Params: { formId: string } }>('/config/forms/:formId', { preHandler: requireOwnerPage }, async (request, reply) => {
    const site = siteOf(request);
    const form = await getForm(db, site.id, request.params.formId);
    if (!form) throw new AppError('NOT_FOUND', 'This form has not been configured yet.');
    return html(reply, page(request, form.name, formSubmissionsView(form, await listSubmissions(db, site.id, form.id, 1000))));
  });

  app.get<{ Params: { formId: string } }>('/config/forms/:formId/submissions.csv', { preHandler: requireOwnerPage }, async (request, reply) => {
    const site = siteOf(request);
    const form = await getForm(db, site.id, request.params.formId);
    if (!form) throw new AppError('NOT_FOUND', 'This form has not been configured yet.');
    const rows = (await listSubmissions(db, site.id, form.id)).reverse();
    return csv(reply, `${form.id}-submissions.csv`, toCsv(submissionHeader(form), rows.map((r) => submissionCells(form, r))));
  });

  const restockPage = async (request: FastifyRequest, reply: FastifyReply, notice?: string) => {
    const site = siteOf(request);
    const [groups, signUps, outbox] = await Promise.all([
      listSignUpGroups(db, site.id, undefined, 100),
      listSignUps(db, site.id, {}, undefined, 100),
      listOutbox(db, site.id, 100),
    ]);
    const body = restockView({ groups: groups.items, signUps: signUps.items, outbox, crumb: request.crumb, smtp: Boolean(config.smtpUrl), notice });
    return html(reply, page(request, 'Restock', body));
  };

  app.get('/config/restock', { preHandler: requireOwnerPage }, (request, reply) => restockPage(request, reply));

  app.post('/config/restock/send', { preHandler: requireOwnerPage }, async (request, reply) => {
    const site = siteOf(request);
    checkCrumb(request);
    const { productId, variantId } = formBody(request);
    if (!productId || !variantId) throw new AppError('BAD_REQUEST', 'productId and variantId are required.');
    const mail = { siteTitle: site.title, baseUrl: siteBaseUrl(site, deps.config.baseDomain, deps.config.port) };
    const [count = 0] = await notifySignUps(db, site.id, [{ productId, variantId }], mail);
    if (count > 0) onMailQueued();
    return restockPage(request, reply, `${count} back-in-stock mail${count === 1 ? '' : 's'} queued.`);
  });

  app.get('/config/restock.csv', { preHandler: requireOwnerPage }, async (request, reply) => {
    const site = siteOf(request);
    const rows = await allSignUps(db, site.id);
    const header = ['Signed up', 'Email', 'Product', 'SKU', 'Product id', 'Variant id', 'Mailing list', 'Language', 'Notified'];
    return csv(
      reply,
      'restock-signups.csv',
      toCsv(header, rows.map((r) => [r.createdAt, r.email, r.productName, r.sku, r.productId, r.variantId, r.isJoinMailingList ? 'yes' : 'no', r.language ?? '', r.notifiedAt ?? ''])),
    );
  });

  app.get('/config/visits', { preHandler: requireOwnerPage }, async (request, reply) => {
    const report = await visitReport(db, siteOf(request));
    return html(reply, page(request, 'Visits', visitsView(report.days, report.paths)));
  });

  app.get('/api/owner/visits', { preHandler: requireOwnerJson }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return visitReport(db, siteOf(request));
  });

  app.get('/api/owner/forms', { preHandler: requireOwnerJson }, async (request) => ({ forms: await listForms(db, siteOf(request).id) }));

  app.post('/api/owner/forms', { preHandler: requireOwnerJson }, async (request, reply) => {
    const form = await createForm(db, siteOf(request).id, request.body);
    return reply.code(201).send({ form });
  });

  app.put<{ Params: { formId: string } }>('/api/owner/forms/:formId', { preHandler: requireOwnerJson }, async (request) => ({
    form: await updateForm(db, siteOf(request).id, request.params.formId, request.body),
  }));

  app.get<{ Params: { formId: string } }>('/api/owner/forms/:formId/submissions', { preHandler: requireOwnerJson }, async (request) => {
    const site = siteOf(request);
    const form = await getForm(db, site.id, request.params.formId);
    if (!form) throw new AppError('NOT_FOUND', 'This form has not been configured yet.');
    const rows = await listSubmissions(db, site.id, form.id, 1000);
    return { submissions: rows.map((r) => ({ id: r.id, createdAt: r.createdAt.toISOString(), data: r.data, pageFields: r.pageFields })) };
  });

  app.get('/api/owner/outbox', { preHandler: requireOwnerJson }, async (request) => ({ mails: await listOutbox(db, siteOf(request).id) }));
}
