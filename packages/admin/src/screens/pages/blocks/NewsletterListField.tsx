import { useQuery } from '../../../api/use-query.js';
import { Select } from '../../../ui/Select.js';
import type { OwnerForm } from '../../forms/form-types.js';
import { mailingLists } from './block-fields.js';

interface NewsletterListFieldProps {
  readonly label: string;
  readonly value: string;
  readonly error?: string;
  readonly onChange: (formId: string) => void;
}

/** The site's mailing lists (forms that ask for an email address) to choose from, or the spec's note that there are none. */
export function NewsletterListField({ label, value, error, onChange }: NewsletterListFieldProps) {
  const forms = useQuery<{ forms: OwnerForm[] }>('/api/owner/forms');
  if (forms.status === 'loading') return <p className="hint">Loading mailing lists…</p>;
  const { lists, problem } = mailingLists(forms.data?.forms ?? []);
  if (problem)
    return (
      <p className="field-error" role="status">
        {problem} (under Forms).
      </p>
    );
  return (
    <div>
      <Select
        label={label}
        value={value}
        options={[{ value: '', label: 'Choose a list' }, ...lists.map((form) => ({ value: form.id, label: form.name }))]}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
