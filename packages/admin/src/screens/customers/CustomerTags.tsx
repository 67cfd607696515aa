import { useState, type FormEvent } from 'react';
import { api } from '../../api/http.js';
import { useMutation } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { CUSTOMERS_PATH, customerPaths, TAG_MAX_LENGTH, TAGS_MAX } from './customer-types.js';

interface CustomerTagsProps {
  readonly siteUserId: string;
  readonly tags: readonly string[];
  /** The owner may change tags (customers:write). */
  readonly mayEdit: boolean;
}

/** The owner's tags on a customer: each with a Remove button, and a field to add one. */
export function CustomerTags({ siteUserId, tags, mayEdit }: CustomerTagsProps) {
  const paths = customerPaths(siteUserId);
  const [draft, setDraft] = useState('');
  const add = useMutation((tag: string) => api<{ tags: string[] }>(paths.tags, { method: 'POST', body: { tag } }), [CUSTOMERS_PATH]);
  const remove = useMutation((tag: string) => api<{ tags: string[] }>(paths.tag(tag), { method: 'DELETE' }), [CUSTOMERS_PATH]);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    remove.reset();
    if (await add.run(draft)) setDraft('');
  };
  return (
    <section aria-labelledby="customer-tags" className="stack panel">
      <h2 id="customer-tags">Tags</h2>
      {tags.length === 0 ? (
        <p>No tags.</p>
      ) : (
        <ul className="customer-tags" aria-label="Tags of this customer">
          {tags.map((tag) => (
            <li key={tag}>
              {tag}
              {mayEdit && (
                <>
                  {' '}
                  <button type="button" className="link" aria-label={`Remove tag ${tag}`} disabled={remove.pending} onClick={() => void remove.run(tag)}>
                    ×
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <ErrorText error={remove.error} />
      {mayEdit && (
        <form onSubmit={(event) => void submit(event)} className="customer-form-row">
          <Field
            label="New tag"
            name="tag"
            value={draft}
            maxLength={TAG_MAX_LENGTH}
            hint={`Up to ${TAGS_MAX} tags of ${TAG_MAX_LENGTH} characters, without commas. Only you and your team see them.`}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="secondary" disabled={add.pending || draft.trim() === '' || tags.length >= TAGS_MAX}>
            Add tag
          </button>
        </form>
      )}
      <ErrorText error={add.error} />
    </section>
  );
}
