/** Forms (spec 3, 5, 7, 8 Public forms): definitions, submission keys, stored submissions and the public form calls. */
export type { FormsConfig } from '../config.js';
export { registerFormRoutes } from './routes.js';
export { formJson } from './form-json.js';
export { normalizeFormDefinition, normalizeField, newFieldId, type FormDefinition } from './form-definition.js';
export { createForm, updateForm, getForm, listForms, findSubmissionForm, fieldsOf, type FormRow } from './form-repository.js';
export { formTemplateSchema, FORM_EDITOR_TABS, TEMPLATE_SCHEMA_TYPES } from './template-schema.js';
export { readSubmittedValues } from './submission-values.js';
export { toSubmissionRequest, type SubmissionRequest } from './submission-payload.js';
export { issueSubmissionKey, consumeSubmissionKey } from './submission-keys.js';
export { storeSubmission, type StoredSubmission } from './submission-store.js';
export { formatAnswer, fieldLabel, NO_ANSWER } from './format-answer.js';
export * from './schemas.js';
