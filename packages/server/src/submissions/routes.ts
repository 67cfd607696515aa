import type { FastifyInstance } from 'fastify';
import { FormMessages } from '@emporium/forms';
import type { AppDeps } from '../app-deps.js';
import { CsvDownload, sendCsv, toCsv } from '../csv/index.js';
import { FormParams, getForm } from '../forms/index.js';
import { AppError } from '../errors/index.js';
import { decodeCursor, MICROS_PART, pageSize, TEXT_PART } from '../http/page-cursor.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { submissionCells, submissionHeader } from './submission-csv.js';
import { SubmissionPage, SubmissionsQuery } from './schemas.js';
import { listSubmissionPage, listSubmissions } from './submissions-repository.js';

function formNotFound(): AppError {
  return new AppError('NOT_FOUND', FormMessages.NOT_CONFIGURED);
}

/**
 * Registers the owner's submission calls under /api/owner/forms/{formId}: the CSV export and the
 * paged list. The owner is checked before the request's query is read.
 */
export function registerSubmissionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/owner/forms/:formId/submissions.csv',
    {
      preValidation: requireOwner(db, config.ownerToken, 'forms:read'),
      schema: { tags: ['owner'], summary: "A form's submissions as CSV, oldest first", params: FormParams, response: withErrors({ 200: CsvDownload }) },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const form = await getForm(db, site.id, request.params.formId);
      if (!form) throw formNotFound();
      const rows = (await listSubmissions(db, site.id, form.id)).reverse();
      return sendCsv(
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
    '/api/owner/forms/:formId/submissions',
    {
      preValidation: requireOwner(db, config.ownerToken, 'forms:read'),
      schema: {
        tags: ['owner'],
        summary: "A form's submissions, newest first, paged",
        params: FormParams,
        querystring: SubmissionsQuery,
        response: withErrors({ 200: SubmissionPage }),
      },
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
}
