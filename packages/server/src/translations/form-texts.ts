import { asc, eq } from 'drizzle-orm';
import { forms, type DbOrTx } from '../db/index.js';
import { cleanOwnerHtml } from '../rich-text/index.js';
import type { TextTranslations } from './page-texts.js';
import { type SourceText, textKey } from './subjects.js';

/** A form's own texts that visitors read (subject `form`, id the form's id). */
export const FORM_TEXT_FIELDS = ['submitLabel', 'submissionMessage', 'disclaimerMessage'] as const;
/** A field's texts, translated as `field:{field id}:{name}`. */
export const FORM_FIELD_TEXTS = ['title', 'description', 'placeholder'] as const;

/** The subject field of a form field's text (`field:f1a2:title`). */
export function formFieldText(fieldId: string, name: string): string {
  return `field:${fieldId}:${name}`;
}

/** The subject field of a form field's option or likert question (`field:f1a2:option:Red`). */
export function formOptionText(fieldId: string, option: string): string {
  return `field:${fieldId}:option:${option}`;
}

type Rec = Record<string, unknown>;

/** Every form's visitor-facing texts: its fields' titles, descriptions, placeholders and options, the submit label, success message and disclaimer. */
export async function readFormSourceTexts(db: DbOrTx, websiteId: string): Promise<SourceText[]> {
  const rows = await db.select().from(forms).where(eq(forms.websiteId, websiteId)).orderBy(asc(forms.name), asc(forms.id));
  const out: SourceText[] = [];
  const add = (subjectId: string, field: string, label: string, text: unknown) => {
    if (typeof text === 'string' && text.trim()) out.push({ subjectType: 'form', subjectId, field, label, text });
  };
  for (const row of rows) {
    const label = `Form › ${row.name}`;
    for (const raw of row.fields) {
      if (!raw || typeof raw !== 'object') continue;
      const field = raw as Rec;
      if (typeof field.id !== 'string' || field.type === 'hidden') continue;
      const fieldLabel = `${label} › ${typeof field.title === 'string' && field.title.trim() ? field.title : field.id}`;
      for (const name of FORM_FIELD_TEXTS) add(row.id, formFieldText(field.id, name), fieldLabel, field[name]);
      if (Array.isArray(field.options)) for (const option of field.options) add(row.id, formOptionText(field.id, String(option)), fieldLabel, option);
    }
    add(row.id, 'submitLabel', label, row.submitLabel);
    add(row.id, 'submissionMessage', label, row.submissionMessage);
    add(row.id, 'disclaimerMessage', label, row.disclaimerMessage);
  }
  return out;
}

/** The ids of forms that have translations, per texts map. */
const formsWithTexts = new WeakMap<TextTranslations, ReadonlySet<string>>();

export function formIdsOf(texts: TextTranslations): ReadonlySet<string> {
  let ids = formsWithTexts.get(texts);
  if (!ids) {
    ids = new Set([...texts.keys()].filter((k) => k.startsWith('form\u0000')).map((k) => k.split('\u0000')[1]!));
    formsWithTexts.set(texts, ids);
  }
  return ids;
}

function translatedField(raw: unknown, formId: string, texts: TextTranslations): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const field = raw as Rec;
  if (typeof field.id !== 'string') return raw;
  const id = field.id;
  let out: Rec | undefined;
  for (const name of FORM_FIELD_TEXTS) {
    const text = texts.get(textKey('form', formId, formFieldText(id, name)));
    if (text === undefined || typeof field[name] !== 'string') continue;
    out ??= { ...field };
    out[name] = text;
  }
  if (Array.isArray(field.options)) {
    const labels = field.options.map((o) => texts.get(textKey('form', formId, formOptionText(id, String(o)))) ?? String(o));
    if (labels.some((l, i) => l !== String((field.options as unknown[])[i]))) {
      out ??= { ...field };
      // The options stay the values sent and checked; their translations are what visitors read.
      out.optionLabels = labels;
      if (Array.isArray(field.likertRows))
        out.likertRows = (field.likertRows as Rec[]).map((row, i) => (row && typeof row === 'object' ? { ...row, question: labels[i] } : row));
    }
  }
  return out ?? raw;
}

/** A form's fields with their translations (a copy when one applies; `fields` itself otherwise). */
export function translatedFields(fields: readonly unknown[], formId: string, texts: TextTranslations): readonly unknown[] {
  const translated = fields.map((f) => translatedField(f, formId, texts));
  return translated.some((f, i) => f !== fields[i]) ? translated : fields;
}

/**
 * A form as a page or an island shows it (its `id`, `fields`, `submitLabel` and cleaned messages),
 * with its translations: field titles, descriptions and placeholders, option labels
 * (`optionLabels`, the options kept as the values a submission sends), the submit label and the
 * success and disclaimer messages (cleaned like the owner's HTML). `form` itself when nothing applies.
 */
export function translatedForm(form: Rec, texts: TextTranslations): Rec {
  const formId = form.id as string;
  let out: Rec | undefined;
  const fields = form.fields as unknown[];
  const translated = translatedFields(fields, formId, texts);
  if (translated !== fields) out = { ...form, fields: translated };
  const set = (key: string, value: string) => {
    out ??= { ...form };
    out[key] = value;
  };
  const submit = texts.get(textKey('form', formId, 'submitLabel'));
  if (submit !== undefined) set('submitLabel', submit);
  const message = texts.get(textKey('form', formId, 'submissionMessage'));
  if (message !== undefined && typeof form.parsedSubmissionMessage === 'string') set('parsedSubmissionMessage', cleanOwnerHtml(message));
  const disclaimer = texts.get(textKey('form', formId, 'disclaimerMessage'));
  if (disclaimer !== undefined && typeof form.parsedDisclaimerMessage === 'string') set('parsedDisclaimerMessage', cleanOwnerHtml(disclaimer));
  return out ?? form;
}
