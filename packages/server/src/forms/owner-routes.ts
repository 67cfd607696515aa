import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { formJson } from './form-json.js';
import { createForm, listForms, updateForm } from './form-repository.js';
import { FormDefinitionInput, FormJson, FormParams } from './schemas.js';

/** Registers the owner's form calls under /api/owner/forms: list, create and replace. The owner is checked before the body is read. */
export function registerOwnerFormRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/owner/forms',
    {
      preValidation: requireOwner(db, config.ownerToken, 'forms:read'),
      schema: { tags: ['owner'], summary: 'The forms of the site', response: withErrors({ 200: z.object({ forms: z.array(FormJson) }) }) },
    },
    async (request) => ({
      forms: (await listForms(db, siteOf(request).id)).map(formJson),
    }),
  );

  routes.post(
    '/api/owner/forms',
    {
      preValidation: requireOwner(db, config.ownerToken, 'forms:write'),
      schema: { tags: ['owner'], summary: 'Creates a form', body: FormDefinitionInput, response: withErrors({ 201: z.object({ form: FormJson }) }) },
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
      schema: {
        tags: ['owner'],
        summary: "Replaces a form's settings",
        params: FormParams,
        body: FormDefinitionInput,
        response: withErrors({ 200: z.object({ form: FormJson }) }),
      },
    },
    async (request) => ({ form: formJson(await updateForm(db, siteOf(request).id, request.params.formId, request.body)) }),
  );
}
