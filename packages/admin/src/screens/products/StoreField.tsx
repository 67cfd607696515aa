import { useEffect, useId } from 'react';
import { useFormContext } from 'react-hook-form';
import type { CollectionList } from '@emporium/server/catalogue/schemas';
import { useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { COLLECTIONS_PATH, type DetailsInput, type DetailsOutput } from './product-model.js';

/** The store (products collection) a product is sold in, chosen by name; a product moves to another store by choosing it. */
export function StoreField() {
  const id = useId();
  const { register, getValues, setValue, formState } = useFormContext<DetailsInput, unknown, DetailsOutput>();
  const list = useQuery<CollectionList>(COLLECTIONS_PATH);
  const stores = (list.data?.collections ?? []).filter((collection) => collection.kind === 'store');
  const firstStore = stores[0]?.id;
  useEffect(() => {
    // A new product starts in the site's first store, as the server would put it.
    if (firstStore && !getValues('collectionId')) setValue('collectionId', firstStore);
  }, [firstStore, getValues, setValue]);
  const error = formState.errors.collectionId?.message;
  return (
    <div className="field">
      <label htmlFor={id}>Store</label>
      <select
        id={id}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        disabled={stores.length === 0}
        {...register('collectionId', { setValueAs: (value: string | undefined) => value || undefined })}
      >
        {stores.length === 0 && <option value="">{list.status === 'loading' ? 'Loading the stores…' : 'No store yet'}</option>}
        {stores.map((store) => (
          <option key={store.id} value={store.id}>
            {store.title}
          </option>
        ))}
      </select>
      <p className="hint" id={`${id}-hint`}>
        {list.status === 'success' && stores.length === 0
          ? 'This site has no store yet: create one in Settings first.'
          : 'The store page that lists this product; choose another store to move it there.'}
      </p>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {list.status === 'error' && <ErrorText error={list.error} />}
    </div>
  );
}
