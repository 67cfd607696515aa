import { useState } from 'react';
import { ApiError } from '../../api/http.js';
import { invalidate } from '../../api/query-cache.js';
import { useQuery } from '../../api/use-query.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { ConfirmDialog } from '../editor/ConfirmDialog.js';
import { FileCard } from './FileCard.js';
import {
  deleteFile,
  describeFile,
  filesPath,
  type LibraryFile,
  LibraryMessages as M,
  type LibraryPage,
  renameFile,
  type Upload,
  uploadFile,
} from './files-calls.js';
import { ProblemDialog } from './ProblemDialog.js';
// biome-ignore lint/correctness/useImportExtensions: the screen's stylesheet, bundled by Vite
import './files-screen.css';

const PAGE = 60;
const LIBRARY = '/api/owner/files';

interface Sending {
  readonly key: number;
  readonly name: string;
  readonly share: number;
  readonly upload: Upload;
}

type Problem = { title: string; text: string; detail?: string };

/** The site's file library: upload images once, find them by name, rename, describe and delete them. */
export default function FilesScreen() {
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const [sending, setSending] = useState<Sending[]>([]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [deleting, setDeleting] = useState<LibraryFile | null>(null);
  const [notice, setNotice] = useState('');
  const list = useQuery<LibraryPage>(filesPath(search, limit));

  const send = async (files: File[]) => {
    setNotice('');
    for (const [index, file] of files.entries()) {
      const key = Date.now() + index;
      const upload = uploadFile(file, (share) => setSending((all) => all.map((s) => (s.key === key ? { ...s, share } : s))));
      setSending((all) => [...all, { key, name: file.name, share: 0, upload }]);
      const outcome = await upload.done;
      setSending((all) => all.filter((s) => s.key !== key));
      if (outcome.ok) setNotice(`${outcome.file.name} was added to your files.`);
      else if (outcome.problem === M.PROCESSING_CANCELLED) setNotice(`${file.name}: ${M.PROCESSING_CANCELLED}`);
      else
        setProblem({ title: M.UPLOAD_TITLE, text: M.UPLOAD_PROBLEM, detail: [`${file.name}: ${outcome.problem}`, outcome.detail].filter(Boolean).join('. ') });
    }
    invalidate(LIBRARY);
  };

  const rename = async (file: LibraryFile, name: string) => {
    try {
      await renameFile(file.id, name);
      invalidate(LIBRARY);
      return true;
    } catch (error) {
      setProblem({ title: M.RENAME_TITLE, text: M.RENAME_PROBLEM, detail: error instanceof ApiError ? error.message : undefined });
      return false;
    }
  };

  const remove = async (file: LibraryFile) => {
    try {
      await deleteFile(file.id);
      setNotice(`${file.name} was deleted. Pages that show it keep showing it.`);
      invalidate(LIBRARY);
    } catch (error) {
      setProblem({
        title: 'Unable to Delete File',
        text: 'There was a problem while deleting your file',
        detail: error instanceof ApiError ? error.message : undefined,
      });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <>
      <ScreenHeading>Files</ScreenHeading>
      <p className="hint">Images you upload here can be used on any page, post or block. JPEG, PNG or WebP, up to 10 MB each.</p>
      <div className="files-toolbar">
        <div className="field">
          <label htmlFor="files-upload">Upload images</label>
          <input
            id="files-upload"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              if (files.length > 0) void send(files);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor="files-search">Search files</label>
          <input
            id="files-search"
            type="search"
            value={search}
            maxLength={200}
            onChange={(event) => {
              setSearch(event.target.value);
              setLimit(PAGE);
            }}
          />
        </div>
      </div>
      {sending.length > 0 && (
        <ul className="files-sending" aria-label="Uploading">
          {sending.map((s) => (
            <li key={s.key}>
              <span>{s.name}</span>
              <progress max={1} value={s.share} aria-label={`Uploading ${s.name}`} />
              <button type="button" className="secondary" onClick={() => s.upload.cancel()}>
                Cancel
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="notice">
        {notice}
      </p>
      {list.status === 'loading' && <Loading />}
      {list.status === 'error' && (
        <div className="actions">
          <p role="alert" className="error">
            {M.RESULTS_FAILED}
          </p>
          <button type="button" className="secondary" onClick={() => invalidate(LIBRARY)}>
            Try again
          </button>
        </div>
      )}
      {list.data && list.data.total === 0 && (
        <p>{search.trim() ? `No files are named like “${search.trim()}”.` : 'No files yet. Upload an image to start your library.'}</p>
      )}
      {list.data && list.data.files.length > 0 && (
        <>
          <p className="hint">
            {list.data.files.length} of {list.data.total} {list.data.total === 1 ? 'file' : 'files'}
          </p>
          <ul className="file-grid">
            {list.data.files.map((file) => (
              <FileCard
                key={`${file.id}:${file.name}:${file.altText}`}
                file={file}
                onRename={(name) => rename(file, name)}
                onDescribe={async (altText) => {
                  await describeFile(file.id, altText);
                  invalidate(LIBRARY);
                }}
                onDelete={() => setDeleting(file)}
              />
            ))}
          </ul>
          {list.data.hasMore && (
            <button type="button" className="secondary" onClick={() => setLimit((n) => Math.min(n + PAGE, 100))} disabled={limit >= 100}>
              Show more
            </button>
          )}
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this file?"
        confirmLabel="Delete file"
        danger
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>{deleting?.name} leaves your library. Pages, posts and blocks that show it keep showing it.</p>
      </ConfirmDialog>
      <ProblemDialog problem={problem} onClose={() => setProblem(null)} />
    </>
  );
}
