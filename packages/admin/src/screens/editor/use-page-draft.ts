import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../api/http.js';
import { invalidate } from '../../api/query-cache.js';
import { DraftCalls, readSubject, saveDraft } from './editor-calls.js';
import { fieldsOf, type PageFields, pageSubject, sameFields, titleProblem } from './page-fields.js';
import { record, redo, replaceAsStep, type UndoStack, undo, undoStack } from './undo-stack.js';

/** How long the editor waits after the last keystroke before saving the draft. */
export const SAVE_DELAY_MS = 600;

/** Where the page's draft stands, as the inspector shows it. */
export type SaveState =
  | { readonly kind: 'published' }
  | { readonly kind: 'saving' }
  | { readonly kind: 'saved' }
  | { readonly kind: 'invalid'; readonly message: string }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'conflict'; readonly by: string; readonly at: string | undefined }
  /** The page is gone (another owner deleted it while it was open): nothing more is saved. */
  | { readonly kind: 'destroyed' };

/** Spec 8: what the editor shows when the page it edits no longer exists. */
export const DOCUMENT_DESTROYED = 'Document was destroyed';

/** Whether a call failed because the page is gone: the server answers 404 (or 410) for its draft. */
export function isDestroyed(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 410);
}

/** Someone else's newer draft, offered when a save was refused. */
interface Conflict<F> {
  readonly theirs: F;
  readonly version: number;
}

/** How a subject's drafted fields are read and compared: the fields the editor edits from the published value and the draft, whether two are the same, and what stops a save. */
export interface DraftFields<F> {
  fieldsOf(published: unknown, draft: unknown): F;
  same(a: F, b: F): boolean;
  problem(fields: F): string | undefined;
}

/** The subject being edited (a page, a post): its fields with undo and redo, and its draft saving. */
export interface SubjectDraft<F> {
  readonly loadError: unknown;
  readonly stack: UndoStack<F> | undefined;
  readonly save: SaveState;
  /** Changes the fields; `key` names the field, so typing in it is one undo step. */
  change(next: F, key: string): void;
  undo(): void;
  redo(): void;
  /** Saves now what waits to be saved; resolves once the server has it (or refused it). */
  flush(): Promise<void>;
  /** Reads the server's state again (after a publish, discard or restore), as an undoable step when it differs. */
  refresh(): Promise<void>;
  /** After a conflict: shows their version (ours stays one undo away). */
  loadTheirs(): void;
  /** After a conflict: saves ours over theirs. */
  keepMine(): void;
  /** Tries a failed save again. */
  retry(): void;
}

/** The page being edited. */
export type PageDraft = SubjectDraft<PageFields>;

/** Loads page `pageId`'s draft (or its published fields) and saves every change as a draft (see {@link useSubjectDraft}). */
export function usePageDraft(pageId: string, withBlocks: boolean, onSaved: () => void): PageDraft {
  const fields = useMemo<DraftFields<PageFields>>(
    () => ({ fieldsOf: (published, draft) => fieldsOf(published, draft, withBlocks), same: sameFields, problem: titleProblem }),
    [withBlocks],
  );
  return useSubjectDraft(pageSubject(pageId), fields, onSaved);
}

/**
 * Loads `subject`'s draft (or its published value) and saves every change as a draft,
 * debounced and one save at a time, from the version last read; a save refused because someone
 * saved in between shows who, and never drops the owner's text. `onSaved` runs after each save.
 * `fields` must keep its identity between renders.
 */
export function useSubjectDraft<F>(subject: string, fields: DraftFields<F>, onSaved: () => void): SubjectDraft<F> {
  const { fieldsOf: fieldsFrom, same: sameFields, problem: titleProblem } = fields;
  const [stack, setStack] = useState<UndoStack<F>>();
  const [loadError, setLoadError] = useState<unknown>();
  const [save, setSave] = useState<SaveState>({ kind: 'published' });
  const present = useRef<F | undefined>(undefined);
  const saved = useRef<F | undefined>(undefined);
  const version = useRef(0);
  const conflict = useRef<Conflict<F> | undefined>(undefined);
  const destroyed = useRef(false);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  const adopt = useCallback((next: UndoStack<F>) => {
    present.current = next.present;
    setStack(next);
  }, []);

  const doSave = useCallback(async () => {
    const fields = present.current;
    if (!fields || !saved.current || conflict.current || destroyed.current || sameFields(fields, saved.current)) return;
    const problem = titleProblem(fields);
    if (problem) {
      setSave({ kind: 'invalid', message: problem });
      return;
    }
    setSave({ kind: 'saving' });
    try {
      const answer = await saveDraft(subject, fields, version.current);
      version.current = answer.version;
      saved.current = fields;
      invalidate(DraftCalls.DRAFTS);
      onSavedRef.current();
      if (present.current && !sameFields(present.current, fields)) schedule();
      else setSave({ kind: 'saved' });
    } catch (error) {
      if (isDestroyed(error)) {
        destroyed.current = true;
        setSave({ kind: 'destroyed' });
        return;
      }
      if (!(error instanceof ApiError) || error.status !== 409) {
        setSave({ kind: 'error', message: errorMessage(error) });
        return;
      }
      const state = await readSubject(subject).catch(() => undefined);
      conflict.current = { theirs: fieldsFrom(state?.published, state?.draft?.value), version: state?.draft?.version ?? 0 };
      setSave({ kind: 'conflict', by: state?.draft?.updatedBy || 'someone else', at: state?.draft?.updatedAt });
    }
  }, [subject, fieldsFrom, sameFields, titleProblem]);

  const flush = useCallback((): Promise<void> => {
    clearTimeout(timer.current);
    timer.current = undefined;
    chain.current = chain.current.then(doSave);
    return chain.current;
  }, [doSave]);

  function schedule() {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
  }

  useEffect(() => {
    const controller = new AbortController();
    readSubject(subject, controller.signal)
      .then((state) => {
        const fields = fieldsFrom(state.published, state.draft?.value);
        saved.current = fields;
        version.current = state.draft?.version ?? 0;
        setSave({ kind: state.draft ? 'saved' : 'published' });
        adopt(undoStack(fields));
      })
      .catch((error) => {
        if (!controller.signal.aborted) setLoadError(error);
      });
    return () => {
      controller.abort();
      // Leaving the page saves what waited for the debounce: no keystroke is lost.
      if (timer.current) void flush();
    };
  }, [subject, fieldsFrom, adopt, flush]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (present.current && saved.current && !sameFields(present.current, saved.current)) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [sameFields]);

  const changeTo = (next: UndoStack<F>) => {
    if (!stack || next === stack) return;
    adopt(next);
    if (conflict.current || destroyed.current) return;
    if (saved.current && sameFields(next.present, saved.current)) {
      clearTimeout(timer.current);
      setSave({ kind: version.current > 0 ? 'saved' : 'published' });
      return;
    }
    setSave({ kind: 'saving' });
    schedule();
  };

  return {
    loadError,
    stack,
    save,
    change: (next, key) => stack && changeTo(record(stack, next, key, Date.now())),
    undo: () => stack && changeTo(undo(stack)),
    redo: () => stack && changeTo(redo(stack)),
    flush,
    refresh: async () => {
      await flush();
      const state = await readSubject(subject).catch((error: unknown) => {
        if (isDestroyed(error)) {
          destroyed.current = true;
          setSave({ kind: 'destroyed' });
        }
        return undefined;
      });
      if (!state || !stack) return;
      const fields = fieldsFrom(state.published, state.draft?.value);
      saved.current = fields;
      version.current = state.draft?.version ?? 0;
      conflict.current = undefined;
      setSave({ kind: state.draft ? 'saved' : 'published' });
      if (present.current && !sameFields(present.current, fields)) {
        setStack((current) => {
          const next = replaceAsStep(current ?? stack, fields);
          present.current = next.present;
          return next;
        });
      }
    },
    loadTheirs: () => {
      const theirs = conflict.current;
      if (!theirs || !stack) return;
      conflict.current = undefined;
      saved.current = theirs.theirs;
      version.current = theirs.version;
      adopt(replaceAsStep(stack, theirs.theirs));
      setSave({ kind: 'saved' });
      onSavedRef.current();
    },
    keepMine: () => {
      const theirs = conflict.current;
      if (!theirs) return;
      conflict.current = undefined;
      version.current = theirs.version;
      void flush();
    },
    retry: () => void flush(),
  };
}
