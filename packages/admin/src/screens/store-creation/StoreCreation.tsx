import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { siteOfSession, useSession } from '../../api/session.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { createStoreInOrder, type StoreCreated, StoreForm, type StoreFormInput, type StoreFormOutput } from './store-calls.js';

/**
 * "Create a store" (spec 4 "Store creation order", spec 5 "Store setup"): the owner names the
 * store and chooses whether it goes first in the main navigation; the store, its root category
 * and the navigation are made in that order, and the new store's address is shown.
 */
export function StoreCreation() {
  const headingId = useId();
  const titleId = useId();
  const session = useSession();
  const site = siteOfSession(session.data);
  const [created, setCreated] = useState<StoreCreated | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const { register, handleSubmit, formState, reset } = useForm<StoreFormInput, unknown, StoreFormOutput>({
    resolver: zodResolver(StoreForm),
    defaultValues: { title: '', placeFirst: false },
  });
  const titleError = formState.errors.title?.message;

  const submit = handleSubmit(async (values) => {
    setCreated(null);
    setFailure(null);
    if (!site) return;
    const outcome = await createStoreInOrder(site.id, values);
    setCreated(outcome.store);
    setFailure(outcome.error);
    if (!outcome.error) reset();
  });

  return (
    <section className="panel stack" aria-labelledby={headingId}>
      <h2 id={headingId}>Create a store</h2>
      <p className="hint">A store is a page of products with its own address. Its root category is made with it.</p>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={titleId}>Store title</label>
          <input
            id={titleId}
            type="text"
            maxLength={200}
            autoComplete="off"
            aria-invalid={titleError ? true : undefined}
            aria-describedby={`${titleId}-hint${titleError ? ` ${titleId}-error` : ''}`}
            {...register('title')}
          />
          <p className="hint" id={`${titleId}-hint`}>
            The address comes from the title (a title under 3 characters gives “store”); a taken address gets -1, -2 and so on.
          </p>
          {titleError && (
            <p className="field-error" id={`${titleId}-error`}>
              {titleError}
            </p>
          )}
        </div>
        <div className="field checkbox">
          <label htmlFor={`${titleId}-first`}>Put it first in the main navigation</label>
          <input id={`${titleId}-first`} type="checkbox" {...register('placeFirst')} />
        </div>
        <div>
          <button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Creating…' : 'Create store'}
          </button>
        </div>
      </form>
      <ErrorText error={failure ?? (session.status === 'error' ? session.error : null)} />
      <div role="status">
        {created && (
          <p>
            {failure ? 'The store was created, but not every step finished: ' : 'Store created: '}
            <strong>{created.title || created.navigationTitle || created.urlId}</strong> at{' '}
            <a href={`${site?.url ?? ''}/${created.urlId}`}>{`${site?.url ?? ''}/${created.urlId}`}</a>
            {created.placedFirst ? ', first in the main navigation.' : '.'}
          </p>
        )}
      </div>
    </section>
  );
}
