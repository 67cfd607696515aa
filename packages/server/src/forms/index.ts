import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerCaptchaApi } from '../captcha/index.js';
import { OutboxSender, smtpTransport, type MailTransport } from '../outbox/index.js';
import { registerOwnerRoutes } from '../owner/index.js';
import { registerRestockRoutes } from '../restock/index.js';
import { loadFormsConfig, type FormsConfig } from './forms-config.js';
import { registerFormRoutes } from './routes.js';

export { loadFormsConfig, FORMS_CONFIG_DEFAULTS, type FormsConfig } from './forms-config.js';
export { normalizeFormDefinition, normalizeField, newFieldId, type FormDefinition } from './form-definition.js';
export { createForm, updateForm, getForm, listForms, findSubmissionForm, fieldsOf, type FormRow } from './form-repository.js';
export { formTemplateSchema, FORM_EDITOR_TABS, TEMPLATE_SCHEMA_TYPES } from './template-schema.js';
export { readSubmittedValues } from './submission-values.js';
export { parseSubmissionRequest, type SubmissionRequest } from './submission-payload.js';
export { issueSubmissionKey, consumeSubmissionKey } from './submission-keys.js';
export { storeSubmission, type StoredSubmission } from './submission-store.js';
export { formatAnswer, fieldLabel, NO_ANSWER } from './format-answer.js';

/** What {@link registerFormsApi} set up: its configuration and the outbox sender (when SMTP is configured). */
export interface FormsRuntime {
  config: FormsConfig;
  sender: OutboxSender | undefined;
}

/** Options of {@link registerFormsApi}; by default everything comes from the environment. */
export interface RegisterFormsOptions {
  config?: Partial<FormsConfig>;
  env?: Record<string, string | undefined>;
  /** Delivers mail instead of SMTP (tests). */
  transport?: MailTransport;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The forms module's runtime, set by registerFormsApi. */
    emporiumForms: FormsRuntime;
  }
}

/**
 * Registers issue 5: the public form calls, proof-of-work captcha challenges, restock sign-ups
 * and the owner's restock calls, the /config owner pages and CSV exports, and the outbox sender
 * (started when SMTP_URL is set). Registering twice returns the first runtime.
 */
export async function registerFormsApi(app: FastifyInstance, deps: AppDeps, options: RegisterFormsOptions = {}): Promise<FormsRuntime> {
  if (app.hasDecorator('emporiumForms')) return app.emporiumForms;
  const config = loadFormsConfig(options.env ?? process.env, options.config ?? {});
  let sender: OutboxSender | undefined;
  let closeTransport: (() => void) | undefined;
  if (options.transport || config.smtpUrl) {
    const smtp = options.transport ? undefined : smtpTransport(config.smtpUrl!);
    closeTransport = smtp?.close;
    sender = new OutboxSender({
      db: deps.db,
      send: options.transport ?? smtp!.send,
      from: config.mailFrom,
      pollMs: config.outboxPollMs,
      onError: (error) => app.log.warn({ err: error }, 'outbox delivery round failed'),
    });
  }
  const runtime: FormsRuntime = { config, sender };
  app.decorate('emporiumForms', runtime);
  const kick = () => sender?.kick();
  registerFormRoutes(app, deps, config);
  await registerCaptchaApi(app, deps);
  registerRestockRoutes(app, deps, config, kick);
  registerOwnerRoutes(app, deps, config, kick);
  if (sender) {
    app.addHook('onReady', async () => sender!.start());
    app.addHook('onClose', async () => {
      await sender!.stop();
      closeTransport?.();
    });
  }
  return runtime;
}
