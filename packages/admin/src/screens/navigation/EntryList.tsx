import { entryLabel, moved, type NavEntry, type SiteMemberArea, type SitePage } from './navigation-calls.js';

interface EntryListProps {
  readonly entries: readonly NavEntry[];
  readonly pages: readonly SitePage[];
  readonly memberAreas: readonly SiteMemberArea[];
  /** What the list is, for the names of its buttons ("Main Navigation", "folder Shop"). */
  readonly listName: string;
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** The field path of this list in the server's answer (`navigation.items`). */
  readonly path: string;
  /** Makes the ids of the inputs unique on the screen. */
  readonly idPrefix: string;
  readonly onChange: (entries: NavEntry[]) => void;
}

/** A navigation's entries in order: each one's title to rename, Move up, Move down and Remove; a folder's entries below it. */
export function EntryList({ entries, pages, memberAreas, listName, fieldErrors, path, idPrefix, onChange }: EntryListProps) {
  if (entries.length === 0) return <p className="hint">No entries yet.</p>;
  const replace = (index: number, entry: NavEntry) => onChange(entries.map((e, i) => (i === index ? entry : e)));
  return (
    <ol className="nav-entries">
      {entries.map((entry, index) => {
        const label = entryLabel(entry, pages, memberAreas);
        const page = entry.collectionId ? pages.find((p) => p.id === entry.collectionId) : undefined;
        const area = entry.memberAreaId ? memberAreas.find((a) => a.id === entry.memberAreaId) : undefined;
        const target = page
          ? `Page ${page.fullUrl}`
          : entry.externalLink
            ? `Link ${entry.externalLink}`
            : `Member area ${area?.name ?? entry.memberAreaId ?? ''} (its join page; members reach their membership page)`;
        const titleId = `${idPrefix}-${path}-${index}-title`.replace(/[^A-Za-z0-9_-]/g, '-');
        const error = Object.entries(fieldErrors).find(([key]) => key.startsWith(`${path}.${index}.`) && !key.startsWith(`${path}.${index}.items.`))?.[1];
        return (
          <li key={index} className="nav-entry">
            <div className="nav-entry__row">
              <div className="field nav-entry__title">
                <label htmlFor={titleId}>Title of entry {index + 1}</label>
                <input
                  id={titleId}
                  value={entry.title ?? ''}
                  placeholder={label}
                  maxLength={200}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${titleId}-target${error ? ` ${titleId}-error` : ''}`}
                  onChange={(event) => replace(index, { ...entry, title: event.target.value || undefined })}
                />
                <p className="hint" id={`${titleId}-target`}>
                  {target}
                  {page && !page.enabled ? ' (hidden: the page is turned off)' : ''}
                </p>
                {error && (
                  <p className="field-error" id={`${titleId}-error`}>
                    {error}
                  </p>
                )}
              </div>
              <div className="nav-entry__buttons">
                <button
                  type="button"
                  className="secondary"
                  disabled={index === 0}
                  aria-label={`Move up: ${label}`}
                  onClick={() => onChange(moved(entries, index, index - 1))}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={index === entries.length - 1}
                  aria-label={`Move down: ${label}`}
                  onClick={() => onChange(moved(entries, index, index + 1))}
                >
                  Move down
                </button>
                <button
                  type="button"
                  className="secondary danger"
                  aria-label={`Remove: ${label} from ${listName}`}
                  onClick={() => onChange(entries.filter((_, i) => i !== index))}
                >
                  Remove
                </button>
              </div>
            </div>
            {entry.items && entry.items.length > 0 && (
              <EntryList
                entries={entry.items}
                pages={pages}
                memberAreas={memberAreas}
                listName={`folder ${label}`}
                fieldErrors={fieldErrors}
                path={`${path}.${index}.items`}
                idPrefix={idPrefix}
                onChange={(items) => replace(index, { ...entry, items })}
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}
