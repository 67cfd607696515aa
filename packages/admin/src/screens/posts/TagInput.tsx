import { useId, useState } from 'react';
import { addTag } from './tag-list.js';

interface TagInputProps {
  readonly label: string;
  /** The add button's text ('Add tag'). */
  readonly addLabel: string;
  readonly values: readonly string[];
  readonly maxLength: number;
  readonly onChange: (values: string[]) => void;
  readonly error?: string;
}

/** A list of tags or categories: type one and press Enter (or Add); each has a Remove button. */
export function TagInput({ label, addLabel, values, maxLength, onChange, error }: TagInputProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [complaint, setComplaint] = useState<string | null>(null);
  const shown = complaint ?? error;
  const add = () => {
    const change = addTag(values, draft, maxLength);
    if (change.error !== undefined) return setComplaint(change.error);
    setComplaint(null);
    setDraft('');
    onChange([...change.tags]);
  };
  return (
    <div className="field tag-input">
      <label htmlFor={id}>{label}</label>
      <ul className="tags" aria-label={`${label} added`}>
        {values.map((value) => (
          <li key={value}>
            {value}{' '}
            <button type="button" className="link" aria-label={`Remove ${value}`} onClick={() => onChange(values.filter((v) => v !== value))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="row">
        <input
          id={id}
          value={draft}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="secondary" onClick={add}>
          {addLabel}
        </button>
      </div>
      {shown && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
