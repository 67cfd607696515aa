import type { FastifyInstance, FastifyReply } from 'fastify';
import { FormMessages } from '@emporium/forms';
import type { AppDeps } from '../app-deps.js';
import { createForm, FormDefinitionInput, formJson, FormJson, FormParams, getForm, listForms, updateForm } from '../forms/index.js';
import { AppError } from '../errors/index.js';
import { decodeCursor, MICROS_PART, pageSize, TEXT_PART } from '../http/page-cursor.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { listOutbox, OutboxMailJson, outboxMailJson, readableMailKinds } from '../outbox/index.js';
import { allSignUps } from '../restock/index.js';
import { siteOf, type Website } from '../sites/index.js';
import { pageViewsByPath } from '../analytics/index.js';
import { toCsv } from '../csv/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { submissionCells, submissionHeader } from './submission-csv.js';
import { OwnerCsv, SubmissionPage, SubmissionsQuery, VisitReport } from './schemas.js';
import { listSubmissionPage, listSubmissions } from './submissions-repository.js';

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

const jsonCall = <T extends object>(summary: string, parts: T) => ({ tags: ['owner'], summary, ...parts });

/**
 * Registers the owner calls under /api/owner behind the dashboard at /config: forms and their
 * submissions (JSON and CSV), restock sign-ups as CSV, visits and the outbox. The owner is
 * checked before the request's query or body is read.
 */
export function registerOwnerRoutes(app: FastifyInstance, deps: AppDeps, _options: OwnerRouteOptions): void {
  const { db, config } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/owner/forms/:formId/submissions.csv',
    {
      preValidation: requireOwner(db, config.ownerToken, 'forms:read'),
      schema: { tags: ['owner'], summary: "A form's submissions as CSV, oldest first", params: FormParams, response: withErrors({ 200: OwnerCsv }) },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const form = await getForm(db, site.id, request.params.formId);
      if (!form) throw formNotFound();
      const rows = (await listSubmissions(db, site.id, form.id)).reverse();
      return csv(
        reply,
        `${form.id}-submissions.csv`,
        toCsv(
          submissionHeader(form),
          rows.map((r) => submissionCells(form, r)),
        ),
      );
    },
  );

  routes.get(
    '/api/owner/restock.csv',
    {
      preValidation: requireOwner(db, config.ownerToken, 'restock:read'),
      schema: { tags: ['owner'], summary: 'Restock sign-ups as CSV', response: withErrors({ 200: OwnerCsv }) },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const rows = await allSignUps(db, site.id);
      const header = ['Signed up', 'Email', 'Product', 'SKU', 'Product id', 'Variant id', 'Mailing list', 'Language', 'Notified'];
      return csv(
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

  routes.get(
    '/api/owner/visits',
    {
      preValidation: requireOwner(db, config.ownerToken, 'reports:read'),
      schema: jsonCall(`Page views and visitors by path over the last ${VISIT_REPORT_DAYS} days`, { response: withErrors({ 200: VisitReport }) }),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return visitReport(db, siteOf(request));
    },
  );

  routes.get(
    '/api/owner/forms',
    {
      preValidation: requireOwner(db, config.ownerToken, 'forms:read'),
      schema: jsonCall('The forms of the site', { response: withErrors({ 200: z.object({ forms: z.array(FormJson) }) }) }),
    },
    async (request) => ({
      forms: (await listForms(db, siteOf(request).id)).map(formJson),
    }),
  );

  routes.post(
    '/api/owner/forms',
    {
      preValidation: requireOwner(db, config.ownerToken, 'forms:write'),
      schema: jsonCall('Creates a form', { body: FormDefinitionInput, response: withErrors({ 201: z.object({ form: FormJson }) }) }),
    },
    async (request, reply) => {
      const form = await createForm(db, siteOf(request).id, request.body);
      return reply.code(201).send({ form: formJson(form) });
    },
  );

  routes.put(
    '/api/owner/forms/:formId',
    {
      preValidation: requireOwner(db, config.ownerToken, 'forms:write'),
      schema: jsonCall("Replaces a form's settings", {
        params: FormParams,
        body: FormDefinitionInput,
        response: withErrors({ 200: z.object({ form: FormJson }) }),
      }),
    },
    async (request) => ({ form: formJson(await updateForm(db, siteOf(request).id, request.params.formId, request.body)) }),
  );

  routes.get(
    '/api/owner/forms/:formId/submissions',
    {
      preValidation: requireOwner(db, config.ownerToken, 'forms:read'),
      schema: jsonCall("A form's submissions, newest first, paged", {
        params: FormParams,
        querystring: SubmissionsQuery,
        response: withErrors({ 200: SubmissionPage }),
      }),
    },
    async (request) => {
      const site = siteOf(request);
      const form = await getForm(db, site.id, request.params.formId);
      if (!form) throw formNotFound();
      const { cursor, limit } = request.query;
      const page = await listSubmissionPage(db, site.id, form.id, decodeCursor(cursor, [MICROS_PART, TEXT_PART]), pageSize(limit));
      return { submissions: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
    },
  );

  routes.get(
    '/api/owner/outbox',
    {
      preValidation: requireOwner(db, config.ownerToken, 'restock:read'),
      schema: jsonCall('The newest mails of the site and their delivery, only those of areas the owner may read', {
        response: withErrors({ 200: z.object({ mails: z.array(OutboxMailJson) }) }),
      }),
    },
    async (request) => ({
      mails: (await listOutbox(db, siteOf(request).id, readableMailKinds(request.owner?.role ?? 'none'))).map(outboxMailJson),
    }),
  );
}
