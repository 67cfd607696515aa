import type { z } from '../http/schemas.js';
import type { FormRow } from './form-repository.js';
import type { FormFieldJson, FormJson } from './schemas.js';

/** A stored form as the owner API shows it (times as ISO 8601 text). */
export function formJson(row: FormRow): z.infer<typeof FormJson> {
  return {
    ...row,
    fields: row.fields as z.infer<typeof FormFieldJson>[],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
