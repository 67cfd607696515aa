import { FIELD_KINDS, FORM_DEFAULTS, LIKERT_LABELS, fieldSettings, partsOf, type FieldKind } from '@emporium/forms';

/** Field kinds a visitor sees (spec 3); the rest exist only in the editor. */
const PUBLIC_KINDS: ReadonlySet<FieldKind> = new Set(['address', 'checkbox', 'date', 'hidden', 'likert', 'name', 'phone', 'radio', 'select', 'time']);

/** Form editor tabs (spec 3). */
export const FORM_EDITOR_TABS = ['build', 'storage', 'advanced', 'captcha', 'disclaimer'] as const;

/** Template types `GetTemplateSchema` describes. */
export const TEMPLATE_SCHEMA_TYPES = ['form'] as const;

/**
 * The form block's schema: every field kind with its editable settings (textarea `maxLength`
 * when the feature flag is on), its parts, the editor tabs, form-level settings and defaults.
 */
export function formTemplateSchema(options: { textareaMaxLength?: boolean } = {}) {
  return {
    type: 'form' as const,
    tabs: [...FORM_EDITOR_TABS],
    fieldKinds: FIELD_KINDS.map((kind) => ({
      type: kind,
      public: PUBLIC_KINDS.has(kind),
      settings: [...fieldSettings(kind, options)],
      parts: partsOf(kind, true).map((p) => ({ key: p.key, label: p.label, optional: p.optional === true })),
      ...(kind === 'likert' ? { answers: LIKERT_LABELS.map((l) => ({ value: l.value, label: l.label })) } : {}),
    })),
    formSettings: [
      'name',
      'fields',
      'submitLabel',
      'submissionMessage',
      'submissionHtml',
      'successRedirect',
      'disclaimerMessage',
      'captchaEnabled',
      'captchaTheme',
      'captchaAlignment',
      'storage',
    ],
    defaults: { name: FORM_DEFAULTS.name, submitLabel: FORM_DEFAULTS.submitLabel },
  };
}
