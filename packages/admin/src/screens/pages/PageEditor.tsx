import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MAX_BLOCKS, PageMessages } from '@emporium/server/site-pages/schemas';
import { ApiError } from '../../api/http.js';
import { useMutation } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { TextArea } from '../../ui/TextArea.js';
import { AddBlock } from './AddBlock.js';
import { BlockList, blockName, type EditedBlock } from './BlockList.js';
import { newBlock } from './blocks/block-fields.js';
import { normalizeGrid } from './blocks/grid-layout.js';
import { DeletePage } from './DeletePage.js';
import { changePage, pageKindLabel, PAGES_PATH, type PageView } from './page-calls.js';

interface PageEditorProps {
  readonly page: PageView;
  readonly siteUrl: string | undefined;
  readonly onDeleted: () => void;
}

let nextKey = 0;
const keyed = (block: Readonly<Record<string, unknown>>): EditedBlock => ({ key: `b${(nextKey += 1)}`, block });

/** One page's settings and, for a page of blocks, its blocks; Save keeps it as it is, Publish shows it to visitors. */
export function PageEditor({ page, siteUrl, onDeleted }: PageEditorProps) {
  const [blocks, setBlocks] = useState<EditedBlock[]>(() => page.blocks.map(keyed));
  const [focusKey, setFocusKey] = useState<string>();
  const [deleted, setDeleted] = useState<{ entry: EditedBlock; index: number; name: string }>();
  const [notice, setNotice] = useState('');
  const [version, setVersion] = useState(page.version);
  const [enabled, setEnabled] = useState(page.enabled);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const save = useMutation((body: Parameters<typeof changePage>[1]) => changePage(page.id, body), [PAGES_PATH]);
  const fields = save.error instanceof ApiError ? save.error.fields : {};

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const publish = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'publish';
    const data = new FormData(event.currentTarget);
    setNotice('');
    const saved = await save.run({
      version,
      title: String(data.get('title') ?? ''),
      navigationTitle: String(data.get('navigationTitle') ?? ''),
      urlId: String(data.get('urlId') ?? ''),
      seoTitle: String(data.get('seoTitle') ?? ''),
      seoDescription: String(data.get('seoDescription') ?? ''),
      enabled: publish || enabled,
      ...(page.kind === 'link' ? { linkUrl: String(data.get('linkUrl') ?? '') } : {}),
      ...(page.kind === 'page' ? { blocks: blocks.map((b) => b.block as { typeName: string }) } : {}),
    });
    if (!saved) return;
    setVersion(saved.version);
    setEnabled(saved.enabled);
    setNotice(saved.enabled ? `Published: visitors see it at ${saved.fullUrl}.` : 'Saved as a draft: visitors do not see it yet.');
  };

  const addBlock = (typeName: string) => {
    const block = keyed(newBlock(typeName));
    setBlocks([...blocks, block]);
    setFocusKey(block.key);
    setDeleted(undefined);
  };
  const deleteBlock = (index: number) => {
    const entry = blocks[index];
    if (!entry) return;
    const kept = blocks.filter((b) => b.key !== entry.key);
    const layout = normalizeGrid(kept.map((b) => b.block));
    setBlocks(kept.map((b, i) => ({ key: b.key, block: layout[i]! })));
    setDeleted({ entry, index, name: blockName(entry.block, index) });
  };
  const undoDelete = () => {
    if (!deleted) return;
    const restored = [...blocks.slice(0, deleted.index), deleted.entry, ...blocks.slice(deleted.index)];
    const layout = normalizeGrid(restored.map((b) => b.block));
    setBlocks(restored.map((b, i) => ({ key: b.key, block: layout[i]! })));
    setFocusKey(deleted.entry.key);
    setDeleted(undefined);
  };

  return (
    <section className="stack panel page-editor" aria-labelledby="page-editor-heading">
      <div className="section-head">
        <h2 id="page-editor-heading" ref={heading} tabIndex={-1}>
          {page.title}
        </h2>
        <span className="meta">
          {pageKindLabel(page)} · {page.enabled ? 'Published' : 'Draft'}
          {page.enabled && siteUrl && (
            <>
              {' · '}
              <a href={`${siteUrl.replace(/\/$/, '')}${page.fullUrl}`} target="_blank" rel="noopener">
                View<span className="visually-hidden"> {page.title} on your site (opens in a new tab)</span>
              </a>
            </>
          )}
        </span>
      </div>
      <form className="stack" onSubmit={submit}>
        <fieldset>
          <legend>Settings</legend>
          <Field label="Title" name="title" defaultValue={page.title} required maxLength={200} error={fields.title} />
          <Field
            label="Navigation title"
            name="navigationTitle"
            defaultValue={page.navigationTitle}
            maxLength={200}
            hint="Shown in the site's menus; empty uses the title."
          />
          <Field
            label="URL slug"
            name="urlId"
            defaultValue={page.urlId}
            required
            maxLength={80}
            error={fields.urlId}
            hint={`The page's address: /${page.urlId}. A changed slug keeps the old address working.`}
          />
          {page.kind === 'link' && <Field label="Address" name="linkUrl" defaultValue={page.linkUrl} inputMode="url" error={fields.linkUrl} />}
          <Field label="SEO title" name="seoTitle" defaultValue={page.seoTitle} maxLength={100} hint="What search engines show; empty uses the title." />
          <TextArea label="SEO description" name="seoDescription" defaultValue={page.seoDescription} maxLength={320} rows={3} />
          <Field label="Published" name="enabled" type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
          <p className="hint">Visitors see published pages; a draft answers “not found”. Publish saves and publishes.</p>
        </fieldset>
        {page.kind === 'page' && (
          <fieldset>
            <legend>Blocks</legend>
            <BlockList blocks={blocks} onChange={setBlocks} onDelete={deleteBlock} focusKey={focusKey} fieldErrors={fields} />
            <div className="undo-bar" role="status">
              {deleted && (
                <>
                  {deleted.name} deleted.{' '}
                  <button type="button" className="secondary" onClick={undoDelete}>
                    Undo<span className="visually-hidden"> deleting {deleted.name}</span>
                  </button>
                </>
              )}
            </div>
            <div className="actions">
              <AddBlock disabled={blocks.length >= MAX_BLOCKS} onAdd={addBlock} />
              <button type="button" className="secondary" disabled={blocks.length >= MAX_BLOCKS} onClick={() => addBlock('donation')}>
                Add donation block
              </button>
              {blocks.length >= MAX_BLOCKS && <span className="hint">{PageMessages.TOO_MANY_BLOCKS}</span>}
            </div>
          </fieldset>
        )}
        <ErrorText error={save.error} />
        <p role="status">{notice}</p>
        <div className="actions">
          <button type="submit" name="action" value="publish" disabled={save.pending}>
            {save.pending ? 'Saving…' : 'Publish'}
          </button>
          <button type="submit" name="action" value="save" className="secondary" disabled={save.pending}>
            Save
          </button>
        </div>
      </form>
      <DeletePage page={page} onDeleted={onDeleted} />
    </section>
  );
}
