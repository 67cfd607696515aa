import { FormMessages } from '@emporium/forms';
import { z } from '../http/schemas.js';
import { TEMPLATE_SCHEMA_TYPES } from './template-schema.js';

const processing = { error: FormMessages.PROCESSING_ERROR };

/** Query of GET /api/template/GetTemplateSchema. */
export const TemplateSchemaQuery = z.object({
  type: z
    .enum(TEMPLATE_SCHEMA_TYPES, { error: `Unknown template schema type; expected one of: ${TEMPLATE_SCHEMA_TYPES.join(', ')}.` })
    .describe('The block whose schema is wanted'),
});

/** The form block's schema: field kinds with their settings and parts, editor tabs, form settings and defaults. */
export const TemplateSchema = z.object({
  type: z.enum(TEMPLATE_SCHEMA_TYPES),
  tabs: z.array(z.string()).describe('Form editor tabs'),
  fieldKinds: z.array(
    z.object({
      type: z.string(),
      public: z.boolean().describe('Whether visitors see this kind (the rest exist only in the editor)'),
      settings: z.array(z.string()),
      parts: z.array(z.object({ key: z.string(), label: z.string(), optional: z.boolean() })),
      answers: z
        .array(z.object({ value: z.number(), label: z.string() }))
        .optional()
        .describe('Likert answers'),
    }),
  ),
  formSettings: z.array(z.string()),
  defaults: z.object({ name: z.string(), submitLabel: z.string() }),
});

/** Route parameters naming a form. Unknown ids answer 404 'This form has not been configured yet.'. */
export const FormParams = z.object({ formId: z.string().max(200).describe('The form id') });

/** Body of POST /api/rest/forms/validate/{formId}: values by field id. */
export const FormValues = z
  .record(z.string(), z.unknown(), { error: FormMessages.UNPARSEABLE_FIELDS })
  .describe('Submitted values by field id (text, list of texts, or likert answers by question)');

/** Per-field complaints: field id to message (spec 5 Public forms). */
export const FieldMessages = z.record(z.string(), z.string()).describe('Field id to message; empty when every field is valid');

/** Answer of POST /api/form/FormSubmissionKey. */
export const SubmissionKey = z.object({ key: z.string().describe('Single-use key for one SaveFormSubmission') });

/**
 * Body of POST /api/form/SaveFormSubmission (spec 3 Form submission payload). Any part of the
 * wrong shape answers 400 'Error processing form submission. Please reload and try again.'.
 */
export const SaveFormSubmissionBody = z.object(
  {
    form: z.string(processing).describe('JSON object of values by field id'),
    key: z.string(processing).min(1, processing).max(200, processing).describe('Key from FormSubmissionKey'),
    captchaKey: z.string(processing).max(4000, processing).nullish().describe('Captcha token, when the form asks for one'),
    formId: z.string(processing).max(100, processing).nullish().describe('The form, when the page names it (otherwise found by its field ids)'),
    pageTitle: z.string(processing).max(2000, processing).nullish(),
    pageId: z.string(processing).max(200, processing).nullish(),
    contentSource: z.enum(['i', 'c'], processing).nullish(),
    pagePath: z.string(processing).max(2000, processing).nullish(),
    pagePermissionTypeValue: z.number(processing).int(processing).nullish(),
  },
  processing,
);

/** Answer of a saved submission. */
export const SavedSubmission = z.object({ success: z.literal(true), submissionId: z.string(), formId: z.string() });

/** A form field as stored: its id, kind, title and the settings of its kind (spec 3 Forms). */
export const FormFieldJson = z.looseObject({ id: z.string(), type: z.string(), title: z.string().optional() });

/** A form as the owner API shows it. */
export const FormJson = z.object({
  id: z.string(),
  websiteId: z.string(),
  name: z.string(),
  fields: z.array(FormFieldJson),
  submitLabel: z.string(),
  submissionMessage: z.string(),
  submissionHtml: z.string(),
  successRedirect: z.string(),
  disclaimerMessage: z.string(),
  captchaEnabled: z.boolean(),
  captchaTheme: z.string(),
  captchaAlignment: z.string(),
  storage: z.looseObject({ email: z.string().optional() }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be a string.` })
    .max(max, { error: `${name} must be at most ${max} characters.` })
    .optional();
const flag = (name: string) => z.boolean({ error: `${name} must be true or false.` }).optional();

/**
 * Body of POST and PUT /api/owner/forms: the form's settings, each optional (defaults apply).
 * The kind-specific settings of each field are checked when the form is saved.
 */
export const FormDefinitionInput = z.object(
  {
    name: text('name', 500),
    fields: z
      .array(z.looseObject({ type: z.string({ error: 'Each field needs a type.' }) }, { error: 'Each field must be an object.' }), {
        error: 'fields must be a list.',
      })
      .max(100, { error: 'A form has at most 100 fields.' })
      .optional(),
    submitLabel: text('submitLabel', 500),
    submissionMessage: text('submissionMessage', 10_000),
    submissionHtml: text('submissionHtml', 10_000),
    successRedirect: text('successRedirect', 2000),
    disclaimerMessage: text('disclaimerMessage', 10_000),
    captchaEnabled: flag('captchaEnabled'),
    captchaTheme: text('captchaTheme', 20),
    captchaAlignment: text('captchaAlignment', 20),
    storage: z
      .object({ email: text('storage.email', 256).describe('Also mail each submission to this address') }, { error: 'storage must be an object.' })
      .optional(),
  },
  { error: 'A form must be an object.' },
);
