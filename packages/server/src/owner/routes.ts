import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FormMessages } from '@emporium/forms';
import type { AppDeps } from '../app-deps.js';
import { createForm, FormDefinitionInput, formJson, FormJson, FormParams, getForm, listForms, updateForm } from '../forms/index.js';
import { AppError } from '../errors/index.js';
import { decodeCursor, MICROS_PART, pageSize, TEXT_PART } from '../http/page-cursor.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { listOutbox, OutboxMailJson, outboxMailJson } from '../outbox/index.js';
import { allSignUps, listSignUpGroups, listSignUps, notifySignUps, siteBaseUrl } from '../restock/index.js';
import { siteOf, type Website } from '../sites/index.js';
import { pageViewsByPath } from '../tracking/index.js';
import { toCsv } from './csv.js';
import { endOwnerSession, isOwnerRequest, isOwnerSecret, requireOwnerApi, setOwnerPassword, startOwnerSession } from '../owner-sessions/index.js';
import { ownerPage } from './owner-html.js';
import { formSubmissionsView, formsView, loginView, passwordView, restockView, submissionCells, submissionHeader, visitsView } from './owner-views.js';
import { LoginForm, LoginQuery, OwnerCsv, OwnerHtml, PasswordForm, RestockSendForm, SubmissionPage, SubmissionsQuery, VisitReport } from './schemas.js';
import { listSubmissionPage, listSubmissions, submissionCounts } from './submissions-repository.js';

/** The owner's visit report covers the last 30 days. */
export const VISIT_REPORT_DAYS = 30;

/** Options of {@link registerOwnerRoutes}. */
export interface OwnerRouteOptions {
  /** Called after back-in-stock mail was queued (nudges the outbox's delivery). */
  mailQueued: () => void;
}

async function visitReport(db: AppDeps['db'], site: Website) {
  const since = new Date(Date.now() - VISIT_REPORT_DAYS * 24 * 60 * 60 * 1000);
  return { days: VISIT_REPORT_DAYS, since: since.toISOString(), paths: await pageViewsByPath(db, site.id, since) };
}

function safeNext(next: string | undefined): string {
  return next !== undefined && /^\/config\/[A-Za-z0-9/_.-]*$/.test(next) ? next : '/config/forms';
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

function formNotFound(): AppError {
  return new AppError('NOT_FOUND', FormMessages.NOT_CONFIGURED);
}

const htmlPage = <T extends object>(summary: string, parts?: T) => ({ tags: ['owner pages'], summary, ...(parts as T), response: withErrors({ 200: OwnerHtml }) });
const jsonCall = <T extends object>(summary: string, parts: T) => ({ tags: ['owner'], summary, ...parts });

/**
 * Registers the owner's /config pages (HTML, form posts), CSV exports and the owner JSON calls
 * under /api/owner. The owner is checked before the request's query or body is read.
 */
export function registerOwnerRoutes(app: FastifyInstance, deps: AppDeps, options: OwnerRouteOptions): void {
  const { db, config } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const secure = config.secureCookies;
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

  routes.get('/config', { preValidation: requireOwnerPage, schema: htmlPage('Redirects (303) to the forms page') }, async (_request, reply) =>
    reply.redirect('/config/forms', 303),
  );

  routes.get('/config/login', { schema: htmlPage('Owner sign-in page', { querystring: LoginQuery }) }, async (request, reply) => {
    const next = safeNext(request.query.next);
    return html(reply, page(request, 'Sign in', loginView({ crumb: request.crumb, next }), false));
  });

  routes.post(
    '/config/login',
    {
      onRequest: deps.rateLimit({ name: 'owner-login', max: 10, windowMs: 60_000, key: 'site+ip' }),
      schema: htmlPage('Signs the owner in (form post) and redirects (303) to next; 401 page on a wrong password', { body: LoginForm }),
    },
    async (request, reply) => {
      const site = siteOf(request);
      const next = safeNext(request.body.next);
      if (!(await isOwnerSecret(site, config.ownerToken, request.body.password))) {
        return html(reply, page(request, 'Sign in', loginView({ crumb: request.crumb, next, error: 'Wrong password or token.' }), false), 401);
      }
      await startOwnerSession(db, site, reply, secure);
      return reply.redirect(next, 303);
    },
  );

  routes.post('/config/logout', { schema: htmlPage('Signs the owner out (form post) and redirects (303) to the sign-in page') }, async (request, reply) => {
    siteOf(request);
    await endOwnerSession(db, request, reply);
    return reply.redirect('/config/login', 303);
  });

  routes.get('/config/password', { preValidation: requireOwnerPage, schema: htmlPage('Owner password page') }, async (request, reply) =>
    html(reply, page(request, 'Owner password', passwordView({ crumb: request.crumb }))),
  );

  routes.post('/config/password', { preValidation: requireOwnerPage, schema: htmlPage('Sets the owner password (form post)', { body: PasswordForm }) }, async (request, reply) => {
    const site = siteOf(request);
    try {
      await setOwnerPassword(db, site.id, request.body.password);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 400) throw error;
      return html(reply, page(request, 'Owner password', passwordView({ crumb: request.crumb, error: error.message })), 400);
    }
    deps.resolver.invalidate();
    return html(reply, page(request, 'Owner password', passwordView({ crumb: request.crumb, notice: 'Password saved.' })));
  });

  routes.get('/config/forms', { preValidation: requireOwnerPage, schema: htmlPage('Forms with their latest submissions') }, async (request, reply) => {
    const site = siteOf(request);
    const forms = await listForms(db, site.id);
    const counts = await submissionCounts(db, site.id);
    const entries = await Promise.all(
      forms.map(async (form) => ({ form, total: counts.get(form.id) ?? 0, latest: await listSubmissions(db, site.id, form.id, 20) })),
    );
    return html(reply, page(request, 'Forms', formsView(entries)));
  });

  routes.get('/config/forms/:formId', { preValidation: requireOwnerPage, schema: htmlPage("A form's submissions", { params: FormParams }) }, async (request, reply) => {
    const site = siteOf(request);
    const form = await getForm(db, site.id, request.params.formId);
    if (!form) throw formNotFound();
    return html(reply, page(request, form.name, formSubmissionsView(form, await listSubmissions(db, site.id, form.id, 1000))));
  });

  routes.get(
    '/config/forms/:formId/submissions.csv',
    { preValidation: requireOwnerPage, schema: { tags: ['owner pages'], summary: "A form's submissions as CSV", params: FormParams, response: withErrors({ 200: OwnerCsv }) } },
    async (request, reply) => {
      const site = siteOf(request);
      const form = await getForm(db, site.id, request.params.formId);
      if (!form) throw formNotFound();
      const rows = (await listSubmissions(db, site.id, form.id)).reverse();
      return csv(reply, `${form.id}-submissions.csv`, toCsv(submissionHeader(form), rows.map((r) => submissionCells(form, r))));
    },
  );

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

  routes.get('/config/restock', { preValidation: requireOwnerPage, schema: htmlPage('Restock sign-ups and the outbox') }, (request, reply) => restockPage(request, reply));

  routes.post('/config/restock/send', { preValidation: requireOwnerPage, schema: htmlPage('Queues back-in-stock mail for a variant (form post)', { body: RestockSendForm }) }, async (request, reply) => {
    const site = siteOf(request);
    const { productId, variantId } = request.body;
    const mail = { siteTitle: site.title, baseUrl: siteBaseUrl(site, config) };
    const [count = 0] = await notifySignUps(db, site.id, [{ productId, variantId }], mail);
    if (count > 0) options.mailQueued();
    return restockPage(request, reply, `${count} back-in-stock mail${count === 1 ? '' : 's'} queued.`);
  });

  routes.get(
    '/config/restock.csv',
    { preValidation: requireOwnerPage, schema: { tags: ['owner pages'], summary: 'Restock sign-ups as CSV', response: withErrors({ 200: OwnerCsv }) } },
    async (request, reply) => {
      const site = siteOf(request);
      const rows = await allSignUps(db, site.id);
      const header = ['Signed up', 'Email', 'Product', 'SKU', 'Product id', 'Variant id', 'Mailing list', 'Language', 'Notified'];
      return csv(
        reply,
        'restock-signups.csv',
        toCsv(header, rows.map((r) => [r.createdAt, r.email, r.productName, r.sku, r.productId, r.variantId, r.isJoinMailingList ? 'yes' : 'no', r.language ?? '', r.notifiedAt ?? ''])),
      );
    },
  );

  routes.get('/config/visits', { preValidation: requireOwnerPage, schema: htmlPage('Page views by path') }, async (request, reply) => {
    const report = await visitReport(db, siteOf(request));
    return html(reply, page(request, 'Visits', visitsView(report.days, report.paths)));
  });

  routes.get('/api/owner/visits', { preValidation: requireOwnerJson, schema: jsonCall(`Page views and visitors by path over the last ${VISIT_REPORT_DAYS} days`, { response: withErrors({ 200: VisitReport }) }) }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return visitReport(db, siteOf(request));
  });

  routes.get('/api/owner/forms', { preValidation: requireOwnerJson, schema: jsonCall('The forms of the site', { response: withErrors({ 200: z.object({ forms: z.array(FormJson) }) }) }) }, async (request) => ({
    forms: (await listForms(db, siteOf(request).id)).map(formJson),
  }));

  routes.post(
    '/api/owner/forms',
    { preValidation: requireOwnerJson, schema: jsonCall('Creates a form', { body: FormDefinitionInput, response: withErrors({ 201: z.object({ form: FormJson }) }) }) },
    async (request, reply) => {
      const form = await createForm(db, siteOf(request).id, request.body);
      return reply.code(201).send({ form: formJson(form) });
    },
  );

  routes.put(
    '/api/owner/forms/:formId',
    { preValidation: requireOwnerJson, schema: jsonCall("Replaces a form's settings", { params: FormParams, body: FormDefinitionInput, response: withErrors({ 200: z.object({ form: FormJson }) }) }) },
    async (request) => ({ form: formJson(await updateForm(db, siteOf(request).id, request.params.formId, request.body)) }),
  );

  routes.get(
    '/api/owner/forms/:formId/submissions',
    { preValidation: requireOwnerJson, schema: jsonCall("A form's submissions, newest first, paged", { params: FormParams, querystring: SubmissionsQuery, response: withErrors({ 200: SubmissionPage }) }) },
    async (request) => {
      const site = siteOf(request);
      const form = await getForm(db, site.id, request.params.formId);
      if (!form) throw formNotFound();
      const { cursor, limit } = request.query;
      const page = await listSubmissionPage(db, site.id, form.id, decodeCursor(cursor, [MICROS_PART, TEXT_PART]), pageSize(limit));
      return { submissions: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
    },
  );

  routes.get('/api/owner/outbox', { preValidation: requireOwnerJson, schema: jsonCall('The newest mails of the site and their delivery', { response: withErrors({ 200: z.object({ mails: z.array(OutboxMailJson) }) }) }) }, async (request) => ({
    mails: (await listOutbox(db, siteOf(request).id)).map(outboxMailJson),
  }));
}
