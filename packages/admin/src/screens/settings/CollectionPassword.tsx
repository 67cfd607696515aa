import { useId, useState, type FormEvent } from 'react';
import type { CollectionList, CollectionSummary } from '@emporium/server/catalogue/schemas';
import { api } from '../../api/http.js';
import { useMutation, useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { ACCESS_PASSWORD_MAX, ACCESS_PASSWORD_MIN } from './SitePassword.js';

/** The site's collections by name (pages, blogs, stores…). */
const COLLECTIONS_PATH = '/api/owner/catalogue/collections';

const KIND_NAMES: Readonly<Record<CollectionSummary['kind'], string>> = { store: 'store', page: 'page', blog: 'blog', events: 'events', gallery: 'gallery' };

/** How a collection is named in the choice: 'Shop (store, /shop, password set)'. */
function collectionLabel(collection: CollectionSummary): string {
  return `${collection.title} (${KIND_NAMES[collection.kind]}, /${collection.urlId}${collection.passwordProtected ? ', password set' : ''})`;
}

/** Sets or removes the password of one collection (a page, blog or store), chosen by name. */
export function CollectionPassword() {
  const selectId = useId();
  const [notice, setNotice] = useState('');
  const list = useQuery<CollectionList>(COLLECTIONS_PATH);
  const collections = list.data?.collections ?? [];
  const save = useMutation(
    ({ collectionId, password }: { collectionId: string; password: string | null }) =>
      api<{ id: string; passwordProtected: boolean }>(`/api/owner/access/collections/${encodeURIComponent(collectionId)}`, {
        method: 'PUT',
        body: { password },
      }),
    [COLLECTIONS_PATH],
  );
  const run = async (form: HTMLFormElement, remove: boolean) => {
    const data = new FormData(form);
    const collectionId = String(data.get('collectionId') ?? '');
    const name = collections.find((collection) => collection.id === collectionId)?.title ?? 'The collection';
    setNotice('');
    const result = await save.run({ collectionId, password: remove ? null : String(data.get('password') ?? '') });
    if (result) setNotice(result.passwordProtected ? `${name} now asks for its password.` : `${name} is open to everyone.`);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(event.currentTarget, false);
  };
  return (
    <section aria-labelledby="collection-password-heading" className="stack panel">
      <h2 id="collection-password-heading">Collection password</h2>
      <p>Protects one page, blog or store of the site with its own password.</p>
      <form onSubmit={submit} className="stack">
        <div className="field">
          <label htmlFor={selectId}>Collection</label>
          <select id={selectId} name="collectionId" required disabled={collections.length === 0}>
            {collections.length === 0 && <option value="">{list.status === 'loading' ? 'Loading the collections…' : 'No collections yet'}</option>}
            {collections.map((collection) => (
              <option key={collection.id} value={collection.id}>
                {collectionLabel(collection)}
              </option>
            ))}
          </select>
          {list.status === 'error' && <ErrorText error={list.error} />}
        </div>
        <Field
          label="Collection password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={ACCESS_PASSWORD_MIN}
          maxLength={ACCESS_PASSWORD_MAX}
        />
        <ErrorText error={save.error} />
        <p role="status">{notice}</p>
        <div className="actions">
          <button type="submit" disabled={save.pending || collections.length === 0}>
            Set password
          </button>
          <button
            type="button"
            className="secondary"
            disabled={save.pending || collections.length === 0}
            onClick={(event) => event.currentTarget.form && run(event.currentTarget.form, true)}
          >
            Remove password
          </button>
        </div>
      </form>
    </section>
  );
}
