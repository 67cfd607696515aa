import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/http.js';
import { draftsChanged } from '../../api/drafts.js';
import { setData } from '../../api/query-cache.js';
import { useMutation } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Select } from '../../ui/Select.js';
import { EntryList } from './EntryList.js';
import { type NavEntry, SITE_LAYOUT_PATH, type SiteMemberArea, type SitePage, updateNavigation } from './navigation-calls.js';

interface NavigationEditorProps {
  readonly templateId: string;
  readonly identifier: string;
  readonly title: string;
  readonly links: readonly NavEntry[];
  readonly pages: readonly SitePage[];
  readonly memberAreas: readonly SiteMemberArea[];
}

const LINK = /^(https?:\/\/|\/|mailto:)/;

/** One navigation: its entries, forms to add a page, a member area or a link, and Save. */
export function NavigationEditor({ templateId, identifier, title, links, pages, memberAreas }: NavigationEditorProps) {
  const headingId = useId();
  const [entries, setEntries] = useState<NavEntry[]>([...links]);
  const [pageId, setPageId] = useState(pages[0]?.id ?? '');
  const [areaId, setAreaId] = useState(memberAreas[0]?.id ?? '');
  const [linkError, setLinkError] = useState<string | undefined>();
  const [notice, setNotice] = useState('');
  const save = useMutation((items: NavEntry[]) => updateNavigation(identifier, templateId, items));
  const fieldErrors = save.error instanceof ApiError ? save.error.fields : {};
  const changed = JSON.stringify(entries) !== JSON.stringify(links);

  const change = (next: NavEntry[]) => {
    setEntries(next);
    setNotice('');
  };
  const addPage = () => {
    const page = pages.find((p) => p.id === pageId);
    if (!page) return;
    change([...entries, { collectionId: page.id }]);
    setNotice(`${page.navigationTitle || page.title} added at the end. Save it, then publish, to show it on the site.`);
  };
  const addArea = () => {
    const area = memberAreas.find((a) => a.id === areaId);
    if (!area) return;
    change([...entries, { memberAreaId: area.id }]);
    setNotice(`${area.name} added at the end. Save it, then publish, to show it on the site.`);
  };
  const addLink = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const url = String(data.get('url') ?? '').trim();
    const text = String(data.get('text') ?? '').trim();
    if (!LINK.test(url)) {
      setLinkError('A link must start with https://, http://, mailto: or /.');
      return;
    }
    setLinkError(undefined);
    change([...entries, { externalLink: url, ...(text ? { title: text } : {}) }]);
    form.reset();
    setNotice(`${text || url} added at the end. Save it, then publish, to show it on the site.`);
  };
  const submit = async () => {
    setNotice('');
    const items = entries.map(({ title: t, ...entry }) => ({ ...entry, ...(t?.trim() ? { title: t.trim() } : {}) }));
    const layout = await save.run(items);
    if (layout) {
      setData(SITE_LAYOUT_PATH, layout);
      draftsChanged();
      setNotice(`${title} saved as a draft. Publish to show it to visitors.`);
    }
  };

  return (
    <section aria-labelledby={headingId} className="stack panel nav-editor">
      <h2 id={headingId}>{title}</h2>
      <EntryList
        entries={entries}
        pages={pages}
        memberAreas={memberAreas}
        listName={title}
        fieldErrors={fieldErrors}
        path="navigation.items"
        idPrefix={identifier}
        onChange={change}
      />
      <div className="nav-add">
        {pages.length > 0 && (
          <div className="nav-add__page">
            <Select
              label="Page to add"
              value={pageId}
              onChange={(event) => setPageId(event.target.value)}
              options={pages.map((page) => ({ value: page.id, label: `${page.navigationTitle || page.title} (${page.fullUrl})` }))}
            />
            <button type="button" className="secondary" aria-label={`Add page to ${title}`} onClick={addPage}>
              Add page
            </button>
          </div>
        )}
        {memberAreas.length > 0 && (
          <div className="nav-add__page">
            <Select
              label="Member area to add"
              value={areaId}
              onChange={(event) => setAreaId(event.target.value)}
              options={memberAreas.map((area) => ({ value: area.id, label: area.name }))}
            />
            <button type="button" className="secondary" aria-label={`Add member area to ${title}`} onClick={addArea}>
              Add member area
            </button>
          </div>
        )}
        <form className="nav-add__link" onSubmit={addLink} aria-label={`Add a link to ${title}`}>
          <Field label="Link text" name="text" maxLength={200} />
          <Field label="Link address" name="url" placeholder="https://…" required maxLength={2048} error={linkError} />
          <button type="submit" className="secondary" aria-label={`Add link to ${title}`}>
            Add link
          </button>
        </form>
      </div>
      <ErrorText error={save.error} />
      <p role="status">{notice}</p>
      <div className="actions">
        <button type="button" onClick={submit} disabled={save.pending || !changed}>
          {save.pending ? 'Saving…' : `Save ${title}`}
        </button>
      </div>
    </section>
  );
}
