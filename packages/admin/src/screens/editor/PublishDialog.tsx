import { useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { ContrastWarnings } from '../design/ContrastWarnings.js';
import { TWEAKS_PATH, type TweakGroups } from '../design/design-calls.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import type { Draft } from './editor-calls.js';
import { type NamedPage, subjectLabel } from './subject-labels.js';

/** The drafted subjects by name, each with who changed it last. */
export function DraftSubjects({ drafts, pages }: { readonly drafts: readonly Draft[]; readonly pages: readonly NamedPage[] }) {
  return (
    <ul className="change-list">
      {drafts.map((draft) => (
        <li key={draft.subject}>
          {subjectLabel(draft.subject, pages, draft.value)} <span className="meta">· by {draft.updatedBy || 'an owner'}</span>
        </li>
      ))}
    </ul>
  );
}

interface PublishDialogProps {
  readonly open: boolean;
  readonly drafts: readonly Draft[];
  readonly pages: readonly NamedPage[];
  readonly pending: boolean;
  readonly failure: unknown;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/** Drafts that change the site's colours: the theme's tweaks and the site styles (palette and colour themes). */
const STYLE_SUBJECTS: ReadonlySet<string> = new Set(['settings.themeTweaks', 'settings.siteStyles']);

/** The drafted styles' hard-to-read colour pairs (read when the styles are among the drafts). */
function DraftedStyleContrast() {
  const tweaks = useQuery<TweakGroups>(TWEAKS_PATH);
  return <ContrastWarnings pairs={tweaks.data?.contrast ?? []} />;
}

/** "Publish N changes?": names what visitors will see at once, with Publish now and Cancel (the editor's bar and the header's). */
export function PublishDialog({ open, drafts, pages, pending, failure, onConfirm, onCancel }: PublishDialogProps) {
  const count = drafts.length;
  return (
    <ConfirmDialog
      open={open}
      title={count === 0 ? 'Nothing to publish' : `Publish ${count} ${count === 1 ? 'change' : 'changes'}?`}
      confirmLabel="Publish now"
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>Visitors will see these at once:</p>
      <DraftSubjects drafts={drafts} pages={pages} />
      {open && drafts.some((draft) => STYLE_SUBJECTS.has(draft.subject)) && <DraftedStyleContrast />}
      <ErrorText error={failure} />
    </ConfirmDialog>
  );
}
