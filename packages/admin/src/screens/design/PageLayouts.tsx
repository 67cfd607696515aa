import { useState, type FormEvent } from 'react';
import type { CollectionList } from '@emporium/server/catalogue/schemas';
import { draftsChanged } from '../../api/drafts.js';
import { invalidate } from '../../api/query-cache.js';
import { useMutation, useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { Select } from '../../ui/Select.js';
import { choosePageLayout, THEMES_PATH, type ThemeList, type ThemeSummary } from './design-calls.js';

const COLLECTIONS_PATH = '/api/owner/catalogue/collections';

interface PageLayoutsProps {
  readonly list: ThemeList;
  readonly theme: ThemeSummary;
}

/** The layout of each page, from the current theme's layouts (shown when it has more than one). */
export function PageLayouts({ list, theme }: PageLayoutsProps) {
  const pages = useQuery<CollectionList>(COLLECTIONS_PATH);
  const [notice, setNotice] = useState('');
  const save = useMutation(
    async (changes: readonly { collectionId: string; layout: string }[]) => {
      for (const change of changes) await choosePageLayout(change.collectionId, change.layout);
      return changes.length;
    },
    [THEMES_PATH],
  );
  const fallback = theme.layouts.some((layout) => layout.id === 'default') ? 'default' : (theme.layouts[0]?.id ?? '');
  const layoutOf = (collectionId: string) => {
    const chosen = list.pageLayouts[collectionId];
    return chosen && theme.layouts.some((layout) => layout.id === chosen) ? chosen : fallback;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice('');
    const data = new FormData(event.currentTarget);
    const changes = (pages.data?.collections ?? [])
      .map((page) => ({ collectionId: page.id, layout: String(data.get(`layout-${page.id}`) ?? '') }))
      .filter((change) => change.layout !== '' && change.layout !== layoutOf(change.collectionId));
    if (changes.length === 0) {
      setNotice('Nothing to save: no layout has changed.');
      return;
    }
    const done = await save.run(changes);
    if (done !== undefined) {
      invalidate(THEMES_PATH);
      draftsChanged();
      setNotice(`${done === 1 ? 'Layout' : `${done} layouts`} saved as a draft. Publish to show visitors.`);
    }
  };

  return (
    <section aria-labelledby="layouts-heading" className="stack panel">
      <h2 id="layouts-heading">Page layouts</h2>
      <p className="hint">
        {theme.name} has {theme.layouts.length} layouts. Choose one for each page; pages you leave alone use{' '}
        {theme.layouts.find((l) => l.id === fallback)?.name}.
      </p>
      {pages.status === 'loading' && <Loading />}
      <ErrorText error={pages.error} />
      {pages.data && (
        <form onSubmit={submit} className="stack">
          <div className="layout-grid">
            {pages.data.collections.map((page) => (
              <Select
                key={`${page.id}:${layoutOf(page.id)}`}
                label={`${page.title} (/${page.urlId})`}
                name={`layout-${page.id}`}
                defaultValue={layoutOf(page.id)}
                options={theme.layouts.map((layout) => ({ value: layout.id, label: layout.name }))}
              />
            ))}
          </div>
          <ErrorText error={save.error} />
          <p role="status">{notice}</p>
          <div className="actions">
            <button type="submit" disabled={save.pending}>
              {save.pending ? 'Saving…' : 'Save layouts'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
