import { useState, type FormEvent } from 'react';
import { PAGE_KINDS } from '@emporium/server/site-pages/schemas';
import { ApiError } from '../../api/http.js';
import { useMutation } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Select } from '../../ui/Select.js';
import { addPage, KIND_LABELS, PAGES_PATH, type PageKind, type PageView } from './page-calls.js';

interface AddPageFormProps {
  readonly onAdded: (page: PageView) => void;
  readonly onCancel: () => void;
}

/** The small form of Add page: a kind and a title (links also an address). The page starts as a draft. */
export function AddPageForm({ onAdded, onCancel }: AddPageFormProps) {
  const [kind, setKind] = useState<PageKind>('page');
  const add = useMutation(addPage, [PAGES_PATH]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const title = String(data.get('title') ?? '');
    const linkUrl = String(data.get('linkUrl') ?? '');
    const page = await add.run({ kind, title, ...(kind === 'link' ? { linkUrl } : {}) });
    if (page) onAdded(page);
  };

  return (
    <form onSubmit={submit} className="stack panel" aria-labelledby="add-page-heading">
      <h2 id="add-page-heading">Add a page</h2>
      <Select
        label="Kind"
        name="kind"
        value={kind}
        onChange={(event) => setKind(event.target.value as PageKind)}
        options={PAGE_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
      />
      <Field label="Title" name="title" required maxLength={200} autoFocus error={add.error instanceof ApiError ? add.error.fields.title : undefined} />
      {kind === 'link' && <Field label="Address" name="linkUrl" inputMode="url" required hint="Where the link goes, for example https://example.com" />}
      <p className="hint">The page starts as a draft: visitors see it once you publish it.</p>
      <ErrorText error={add.error} />
      <div className="actions">
        <button type="submit" disabled={add.pending}>
          {add.pending ? 'Adding…' : 'Add page'}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
