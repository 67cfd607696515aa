import type { FieldValue, FormField } from '@emporium/forms';

/** Props every field view receives. */
export interface FieldViewProps {
  readonly field: FormField;
  readonly value: FieldValue | undefined;
  readonly error?: string;
  readonly onChange: (value: FieldValue) => void;
  /** DOM id prefix, unique on the page. */
  readonly idPrefix: string;
}

/** The id of the element holding a field's error, for aria-describedby. */
export function errorId(props: FieldViewProps): string {
  return `${props.idPrefix}-${props.field.id}-error`;
}

/** The visible title of a field, falling back to its id. */
export function titleOf(field: FormField): string {
  return field.title ?? field.id;
}
