import { and, asc, eq, sql } from 'drizzle-orm';
import type { FormField } from '@emporium/forms';
import { forms } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { cleanOwnerHtml } from '../rich-text/index.js';
import { normalizeFormDefinition, type FormDefinition } from './form-definition.js';

/** A stored form row. */
export type FormRow = typeof forms.$inferSelect;

/** The fields of a form row, typed. */
export function fieldsOf(row: FormRow): FormField[] {
  return row.fields as FormField[];
}

/** A definition's columns; the messages, HTML the owner writes, cleaned by {@link cleanOwnerHtml}. */
function toColumns(definition: FormDefinition) {
  return {
    name: definition.name,
    fields: definition.fields as unknown[],
    submitLabel: definition.submitLabel,
    submissionMessage: cleanOwnerHtml(definition.submissionMessage),
    submissionHtml: cleanOwnerHtml(definition.submissionHtml),
    successRedirect: definition.successRedirect,
    disclaimerMessage: cleanOwnerHtml(definition.disclaimerMessage),
    captchaEnabled: definition.captchaEnabled,
    captchaTheme: definition.captchaTheme,
    captchaAlignment: definition.captchaAlignment,
    storage: definition.storage,
  };
}

/** Ids of the fields that carry answers (every kind but section), sorted. */
function answerIds(fields: ReadonlyArray<FormField>): string[] {
  return fields
    .filter((f) => f.type !== 'section')
    .map((f) => f.id)
    .sort();
}

function sameIds(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/**
 * A submission names its form through its field ids, so two forms of a site may not have the
 * same set of answer field ids (a form without answer fields is exempt).
 */
async function assertDistinctFieldSet(db: DbOrTx, websiteId: string, fields: FormField[], exceptFormId?: string): Promise<void> {
  const ids = answerIds(fields);
  if (ids.length === 0) return;
  const others = await listForms(db, websiteId);
  const twin = others.find((f) => f.id !== exceptFormId && sameIds(answerIds(fieldsOf(f)), ids));
  if (twin) throw new AppError('CONFLICT', `Another form of this site has the same field ids: ${ids.join(', ')}.`);
}

/** Creates a form from an editor definition (validated); returns the stored row. */
export async function createForm(db: DbOrTx, websiteId: string, input: unknown): Promise<FormRow> {
  const definition = normalizeFormDefinition(input);
  await assertDistinctFieldSet(db, websiteId, definition.fields);
  const [row] = await db
    .insert(forms)
    .values({ websiteId, ...toColumns(definition) })
    .returning();
  return row!;
}

/** Replaces a form's definition; throws NOT_FOUND for a form of another site. */
export async function updateForm(db: DbOrTx, websiteId: string, formId: string, input: unknown): Promise<FormRow> {
  const definition = normalizeFormDefinition(input);
  await assertDistinctFieldSet(db, websiteId, definition.fields, formId);
  const [row] = await db
    .update(forms)
    .set({ ...toColumns(definition), updatedAt: new Date() })
    .where(and(eq(forms.websiteId, websiteId), eq(forms.id, formId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'This form has not been configured yet.');
  return row;
}

/** One form of a site, or undefined. */
export async function getForm(db: DbOrTx, websiteId: string, formId: string): Promise<FormRow | undefined> {
  const [row] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.websiteId, websiteId), eq(forms.id, formId)));
  return row;
}

/** Every form of a site, oldest first. */
export async function listForms(db: DbOrTx, websiteId: string): Promise<FormRow[]> {
  return db.select().from(forms).where(eq(forms.websiteId, websiteId)).orderBy(asc(forms.createdAt), asc(forms.id));
}

/**
 * The form a submission belongs to: the one with `formId` when given; else the site's form
 * whose answer field ids are exactly the submitted ids (the browser sends every answer field),
 * else the only form having all of them. Undefined when none (or several) match.
 */
export async function findSubmissionForm(db: DbOrTx, websiteId: string, fieldIds: string[], formId?: string): Promise<FormRow | undefined> {
  if (formId !== undefined) {
    const row = await getForm(db, websiteId, formId);
    return row && fieldIds.every((id) => fieldsOf(row).some((f) => f.id === id)) ? row : undefined;
  }
  if (fieldIds.length === 0) return undefined;
  const candidates = await db
    .select()
    .from(forms)
    .where(and(eq(forms.websiteId, websiteId), sql`${forms.fields} @> ${JSON.stringify([{ id: fieldIds[0] }])}::jsonb`))
    .orderBy(asc(forms.createdAt), asc(forms.id));
  const submitted = [...fieldIds].sort();
  const exact = candidates.filter((row) => sameIds(answerIds(fieldsOf(row)), submitted));
  if (exact.length > 0) return exact[0];
  const covering = candidates.filter((row) => {
    const ids = new Set(fieldsOf(row).map((f) => f.id));
    return fieldIds.every((id) => ids.has(id));
  });
  return covering.length === 1 ? covering[0] : undefined;
}
