import { useEffect, useRef, useState } from 'react';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import { Field } from '../../ui/Field.js';
import { listOf, type DetailsInput, type DetailsOutput } from './product-model.js';

/** A comma-separated list bound to an array field: the owner types text, the form holds the parts. */
export function ListField({
  control,
  name,
  label,
  hint,
}: {
  readonly control: Control<DetailsInput, unknown, DetailsOutput>;
  readonly name: FieldPath<DetailsInput>;
  readonly label: string;
  readonly hint: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ListInput label={label} hint={hint} value={field.value as string[]} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error} />
      )}
    />
  );
}

function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  for (const value of Object.values(error)) {
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

function ListInput({
  label,
  hint,
  value,
  onChange,
  onBlur,
  error,
}: {
  readonly label: string;
  readonly hint: string;
  readonly value: readonly string[];
  readonly onChange: (value: string[]) => void;
  readonly onBlur: () => void;
  readonly error: unknown;
}) {
  const [text, setText] = useState(() => value.join(', '));
  const joined = value.join(', ');
  const last = useRef(joined);
  useEffect(() => {
    // A reset or a reload from outside replaces the text; the owner's own typing does not.
    if (joined !== last.current && listOf(text).join(', ') !== joined) setText(joined);
    last.current = joined;
  }, [joined, text]);
  return (
    <Field
      label={label}
      hint={hint}
      value={text}
      error={firstMessage(error)}
      onChange={(e) => {
        setText(e.currentTarget.value);
        onChange(listOf(e.currentTarget.value));
      }}
      onBlur={onBlur}
    />
  );
}
