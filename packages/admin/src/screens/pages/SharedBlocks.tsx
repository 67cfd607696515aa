import { BLOCK_FIELDS_PATH, type BlockFieldList, type BlockFieldView, GridMessages, MAX_BLOCKS_PER_LAYOUT, BlockMessages } from '@emporium/server/block-kinds';
import { useState } from 'react';
import { api } from '../../api/http.js';
import { invalidate } from '../../api/query-cache.js';
import { useQuery } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { AddBlock } from './AddBlock.js';
import { BlockList, type EditedBlock } from './BlockList.js';
import { newBlock } from './blocks/block-fields.js';
import { normalizeGrid } from './blocks/grid-layout.js';

/** The drafts calls (packages/server/src/drafts/routes.ts) for the theme's block fields. */
const SUBJECT = 'settings.blockFields';
const SUBJECT_PATH = `/api/owner/drafts/subject?subject=${encodeURIComponent(SUBJECT)}`;

type Stored = Readonly<Record<string, unknown>>;
interface SubjectState {
  readonly published: unknown;
  readonly draft: { readonly value: unknown; readonly version: number } | null;
}

let nextKey = 0;
const keyed = (block: Stored): EditedBlock => ({ key: `s${(nextKey += 1)}`, block });
const blocksIn = (value: unknown, id: string): Stored[] => {
  const list = value && typeof value === 'object' ? (value as Record<string, unknown>)[id] : undefined;
  return Array.isArray(list) ? (list as Stored[]) : [];
};

interface FieldsFormProps {
  readonly fields: readonly BlockFieldView[];
  readonly value: unknown;
  readonly version: number;
}

function FieldsForm({ fields, value, version: firstVersion }: FieldsFormProps) {
  const [blocks, setBlocks] = useState<Record<string, EditedBlock[]>>(() =>
    Object.fromEntries(fields.map((field) => [field.id, blocksIn(value, field.id).map(keyed)])),
  );
  const [version, setVersion] = useState(firstVersion);
  const [failure, setFailure] = useState<unknown>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (id: string, list: EditedBlock[]) => setBlocks({ ...blocks, [id]: list });
  const remove = (id: string, index: number) => {
    const kept = (blocks[id] ?? []).filter((_, i) => i !== index);
    const layout = normalizeGrid(kept.map((b) => b.block));
    set(
      id,
      kept.map((b, i) => ({ key: b.key, block: layout[i]! })),
    );
  };
  const save = async () => {
    setBusy(true);
    setFailure(null);
    setNotice('');
    try {
      const others = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
      const next = { ...others, ...Object.fromEntries(Object.entries(blocks).map(([id, list]) => [id, list.map((b) => b.block)])) };
      const saved = await api<{ version: number }>('/api/owner/drafts', { method: 'PUT', body: { subject: SUBJECT, value: next, baseVersion: version } });
      setVersion(saved.version);
      invalidate(SUBJECT_PATH);
      setNotice('Saved as a draft: Publish in the editor shows it to visitors.');
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="stack">
      {fields.map((field) => {
        const list = blocks[field.id] ?? [];
        return (
          <fieldset key={field.id} className="stack">
            <legend>{field.label}</legend>
            {field.lockLayout && (
              <p className="hint" role="note">
                {GridMessages.LOCKED}
              </p>
            )}
            {field.columns === 1 && <p className="hint">{GridMessages.SINGLE_COLUMN}</p>}
            <BlockList
              blocks={list}
              onChange={(next) => set(field.id, next)}
              onDelete={(index) => remove(field.id, index)}
              locked={field.lockLayout}
              singleColumn={field.columns === 1}
            />
            {!field.lockLayout && (
              <div className="actions">
                <AddBlock disabled={list.length >= MAX_BLOCKS_PER_LAYOUT} onAdd={(typeName) => set(field.id, [...list, keyed(newBlock(typeName))])} />
                {list.length >= MAX_BLOCKS_PER_LAYOUT && <span className="hint">{BlockMessages.TOO_MANY}</span>}
              </div>
            )}
          </fieldset>
        );
      })}
      <ErrorText error={failure} />
      <p role="status">{notice}</p>
      <div className="actions">
        <button type="button" disabled={busy} onClick={save}>
          {busy ? 'Saving…' : 'Save shared blocks'}
        </button>
      </div>
    </div>
  );
}

/** The block fields the site's theme declares (sidebar, footer...), each with its blocks; locked and one-column fields say so and keep their rules. */
export function SharedBlocks() {
  const fields = useQuery<BlockFieldList>(BLOCK_FIELDS_PATH);
  const state = useQuery<SubjectState>(SUBJECT_PATH);
  const body =
    fields.status === 'loading' || state.status === 'loading' ? (
      <Loading />
    ) : fields.error || state.error ? (
      <ErrorText error={fields.error ?? state.error} />
    ) : (fields.data?.fields.length ?? 0) === 0 ? (
      <p className="hint">This site's theme has no shared block areas.</p>
    ) : (
      <FieldsForm fields={fields.data!.fields} value={state.data?.draft?.value ?? state.data?.published} version={state.data?.draft?.version ?? 0} />
    );
  return (
    <section className="stack panel page-editor" aria-labelledby="shared-blocks-heading">
      <h2 id="shared-blocks-heading">Shared blocks</h2>
      <p className="hint">Blocks in the theme's own areas, shown on every page that has the area.</p>
      {body}
    </section>
  );
}
