import type { PageList } from '@emporium/server/site-pages/schemas';
import { useState } from 'react';
import { invalidate } from '../api/query-cache.js';
import { useQuery } from '../api/use-query.js';
import { DraftCalls, type Draft, publishNow } from '../screens/editor/editor-calls.js';
import { PublishDialog } from '../screens/editor/PublishDialog.js';

/** The Pages call, for the names of drafted pages. */
const PAGES_PATH = '/api/owner/pages';

/**
 * The site's unpublished changes in the dashboard's header, on every screen: how many, and
 * Publish, which asks first and names them. Navigation, Header & footer and Design save drafts;
 * this is where they go live. Hidden while there is nothing to publish, on the editor (which has
 * its own publish bar) and for roles that may not read the drafts.
 */
export function SiteChanges({ path }: { readonly path: string }) {
  const drafts = useQuery<{ drafts: Draft[] }>(DraftCalls.DRAFTS);
  const pages = useQuery<PageList>(PAGES_PATH);
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const [notice, setNotice] = useState('');
  const list = drafts.data?.drafts ?? [];
  const count = list.length;
  const named = (pages.data?.pages ?? []).map((page) => ({ id: page.id, title: page.title }));

  const publish = async () => {
    setPending(true);
    setFailure(undefined);
    try {
      const release = await publishNow();
      setNotice(`Published as release ${release.number}: visitors now see ${release.changes.length === 1 ? 'this change' : 'these changes'}.`);
      setAsking(false);
    } catch (error) {
      setFailure(error);
    } finally {
      setPending(false);
      invalidate(DraftCalls.DRAFTS);
      invalidate(DraftCalls.RELEASES);
      invalidate(PAGES_PATH);
    }
  };

  if (path === '/editor' || path.startsWith('/editor/')) return null;
  return (
    <section className="site-changes" aria-label="Unpublished changes">
      <p role="status" className="site-changes-notice">
        {count === 0 ? notice : ''}
      </p>
      {count > 0 && (
        <>
          <p className="site-changes-count">
            {count} unpublished {count === 1 ? 'change' : 'changes'}
          </p>
          <button
            type="button"
            className="small"
            onClick={() => {
              setNotice('');
              setFailure(undefined);
              invalidate(DraftCalls.DRAFTS);
              setAsking(true);
            }}
          >
            Publish
          </button>
        </>
      )}
      <PublishDialog
        open={asking}
        drafts={list}
        pages={named}
        pending={pending}
        failure={failure}
        onConfirm={() => void publish()}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
