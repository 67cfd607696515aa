import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FormMessages, validateForm } from '@emporium/forms';
import type { AppDeps } from '../app.js';
import { assertCaptcha, captchaProviderFor } from '../captcha/index.js';
import { AppError } from '../http/errors.js';
import type { Website } from '../sites/website.js';
import type { FormsConfig } from './forms-config.js';
import { fieldsOf, findSubmissionForm, getForm } from './form-repository.js';
import { readSubmittedValues } from './submission-values.js';
import { issueSubmissionKey } from './submission-keys.js';
import { parseSubmissionRequest } from './submission-payload.js';
import { storeSubmission } from './submission-store.js';
import { TEMPLATE_SCHEMA_TYPES, formTemplateSchema } from './template-schema.js';

/** The resolved site of a request, or 404 on the root host. */
export function siteOf(request: FastifyRequest): Website {
  if (!request.site) throw new AppError('SITE_NOT_FOUND', 'Site not found.');
  return request.site;
}

function notConfigured(): AppError {
  return new AppError('NOT_FOUND', FormMessages.NOT_CONFIGURED);
}

function unparseable(): AppError {
  return new AppError('BAD_REQUEST', FormMessages.UNPARSEABLE_FIELDS, { body: { errors: {} } });
}

/** Registers the public form API of spec 7 (template schema, validate, key, save). */
export function registerFormRoutes(app: FastifyInstance, deps: AppDeps, config: FormsConfig): void {
  const { db } = deps;

  app.get('/api/template/GetTemplateSchema', async (request) => {
    siteOf(request);
    const type = (request.query as Record<string, unknown>).type;
    if (!TEMPLATE_SCHEMA_TYPES.includes(type as 'form')) {
      throw new AppError('BAD_REQUEST', `Unknown template schema type ${JSON.stringify(type ?? '')}; expected one of: ${TEMPLATE_SCHEMA_TYPES.join(', ')}.`);
    }
    return formTemplateSchema({ textareaMaxLength: true });
  });

  app.post<{ Params: { formId: string } }>('/api/rest/forms/validate/:formId', async (request) => {
    const site = siteOf(request);
    const form = await getForm(db, site.id, request.params.formId);
    if (!form) throw notConfigured();
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw unparseable();
    const read = readSubmittedValues(fieldsOf(form), body as Record<string, unknown>);
    if (!read.ok) throw unparseable();
    return validateForm(fieldsOf(form), read.values);
  });

  app.post(
    '/api/form/FormSubmissionKey',
    { onRequest: deps.rateLimit({ name: 'form-key', max: config.submissionsPerWindow * 2, windowMs: config.rateWindowMs, key: 'site+ip' }) },
    async (request, reply) => {
      const site = siteOf(request);
      reply.header('cache-control', 'no-store');
      return { key: await issueSubmissionKey(db, site.id, config.submissionKeyTtlMs) };
    },
  );

  app.post(
    '/api/form/SaveFormSubmission',
    { onRequest: deps.rateLimit({ name: 'form-submit', max: config.submissionsPerWindow, windowMs: config.rateWindowMs, key: 'site', message: FormMessages.RATE_LIMITED }) },
    async (request) => {
      const site = siteOf(request);
      const submission = parseSubmissionRequest(request.body);
      const form = await findSubmissionForm(db, site.id, Object.keys(submission.values), submission.formId);
      if (!form) throw notConfigured();
      const fields = fieldsOf(form);
      const read = readSubmittedValues(fields, submission.values);
      if (!read.ok) throw unparseable();
      const errors = validateForm(fields, read.values);
      if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', FormMessages.INVALID_FIELDS, { body: { errors } });
      if (form.captchaEnabled) {
        const provider = captchaProviderFor(site, config);
        assertCaptcha(await provider.verify({ db, websiteId: site.id, token: submission.captchaKey, action: 'form_block', remoteIp: request.ip }));
      }
      const stored = await storeSubmission(db, form, submission, read.stored);
      return { success: true, submissionId: stored.id, formId: form.id };
    },
  );
}
