import type { FastifyInstance } from 'fastify';
import { FormMessages, validateForm } from '@emporium/forms';
import type { AppDeps } from '../app-deps.js';
import { assertCaptcha, captchaProviderFor } from '../captcha/index.js';
import { AppError } from '../errors/index.js';
import { clientRateLimit } from '../http/rate-limit.js';
import { EmptyBody, withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { sealingKeySource } from '../sealing/index.js';
import { siteOf } from '../sites/index.js';
import { languageOfSitePath, visitorLanguageOf } from '../multilingual/index.js';
import { fieldsOf, findSubmissionForm, getForm } from './form-repository.js';
import { registerOwnerFormRoutes } from './owner-routes.js';
import { readSubmittedValues } from './submission-values.js';
import { isSubmissionKeyUsable, issueSubmissionKey } from './submission-keys.js';
import { toSubmissionRequest } from './submission-payload.js';
import { storeSubmission } from './submission-store.js';
import { formTemplateSchema } from './template-schema.js';
import {
  FieldMessages,
  FormParams,
  FormValues,
  SavedSubmission,
  SaveFormSubmissionBody,
  SubmissionKey,
  TemplateSchema,
  TemplateSchemaQuery,
} from './schemas.js';

function notConfigured(): AppError {
  return new AppError('NOT_FOUND', FormMessages.NOT_CONFIGURED);
}

function unparseable(): AppError {
  return new AppError('BAD_REQUEST', FormMessages.UNPARSEABLE_FIELDS, { body: { errors: {} } });
}

/** Registers the public form calls of spec 7 (template schema, validate, key, save) and the owner's form calls. */
export function registerFormRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const sealingKey = sealingKeySource(db, config);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const perClient = config.submissionsPerClient;
  const windowMs = config.rateWindowMs;
  const keyLimit = clientRateLimit(deps.rateLimitStore, { name: 'form-key', perClient: perClient * 2, perSite: config.submissionsPerWindow * 2, windowMs });
  const submitLimit = clientRateLimit(deps.rateLimitStore, {
    name: 'form-submit',
    perClient,
    perSite: config.submissionsPerWindow,
    windowMs,
    message: FormMessages.RATE_LIMITED,
  });

  routes.get(
    '/api/template/GetTemplateSchema',
    {
      schema: {
        tags: ['forms'],
        summary: 'The form block schema: field kinds, settings, editor tabs',
        querystring: TemplateSchemaQuery,
        response: withErrors({ 200: TemplateSchema }),
      },
    },
    async (request) => {
      siteOf(request);
      return formTemplateSchema({ textareaMaxLength: true });
    },
  );

  routes.post(
    '/api/rest/forms/validate/:formId',
    {
      schema: {
        tags: ['forms'],
        summary: "Validates values against a form's rules",
        params: FormParams,
        body: FormValues.default({}),
        response: withErrors({ 200: FieldMessages }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const form = await getForm(db, site.id, request.params.formId);
      if (!form) throw notConfigured();
      const read = readSubmittedValues(fieldsOf(form), request.body);
      if (!read.ok) throw unparseable();
      return validateForm(fieldsOf(form), read.values);
    },
  );

  routes.post(
    '/api/form/FormSubmissionKey',
    {
      onRequest: keyLimit.onRequest,
      schema: {
        tags: ['forms'],
        summary: 'Issues a single-use form submission key (empty body)',
        body: EmptyBody,
        response: withErrors({ 200: SubmissionKey }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      await keyLimit.acceptForSite(request, reply);
      reply.header('cache-control', 'no-store');
      return { key: await issueSubmissionKey(db, site.id, config.submissionKeyTtlMs) };
    },
  );

  routes.post(
    '/api/form/SaveFormSubmission',
    {
      onRequest: submitLimit.onRequest,
      schema: {
        tags: ['forms'],
        summary: 'Saves a form submission (spec 3 payload)',
        body: SaveFormSubmissionBody,
        response: withErrors({ 200: SavedSubmission }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const submission = toSubmissionRequest(request.body);
      const form = await findSubmissionForm(db, site.id, Object.keys(submission.values), submission.formId);
      if (!form) throw notConfigured();
      const fields = fieldsOf(form);
      const read = readSubmittedValues(fields, submission.values);
      if (!read.ok) throw unparseable();
      const errors = validateForm(fields, read.values);
      if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', FormMessages.INVALID_FIELDS, { body: { errors } });
      if (form.captchaEnabled) {
        const provider = await captchaProviderFor(site, config, sealingKey);
        assertCaptcha(await provider.verify({ db, websiteId: site.id, token: submission.captchaKey, action: 'form_block', remoteIp: request.ip }));
      }
      if (!(await isSubmissionKeyUsable(db, site.id, submission.key))) throw new AppError('UNAUTHORIZED', FormMessages.SUBMIT_FAILED);
      await submitLimit.acceptForSite(request, reply);
      const language =
        languageOfSitePath(site.settings, submission.pageFields.pagePath, request.headers.host)?.code ?? visitorLanguageOf(site.settings, request.headers);
      const stored = await storeSubmission(db, form, submission, read.stored, language);
      return { success: true as const, submissionId: stored.id, formId: form.id };
    },
  );
  registerOwnerFormRoutes(app, deps);
}
