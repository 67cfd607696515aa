import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { UnsavedChangesDialog } from './UnsavedChangesDialog.js';

/** A form that may hold unsaved edits: its name, and how to save (true when saved) or discard them. */
export interface GuardedForm {
  readonly name: string;
  readonly dirty: boolean;
  readonly save: () => Promise<boolean>;
  readonly discard: () => void;
}

type Register = (id: string, form: GuardedForm | null) => void;
const LeaveGuardContext = createContext<Register>(() => {});

/**
 * Asks to save or discard (spec 8's unsaved-changes prompt) when the owner leaves the section with
 * unsaved edits: a click on a link elsewhere in the dashboard is held until they answer; closing
 * or reloading the tab gets the browser's own question.
 */
export function LeaveGuard({ children }: { readonly children: ReactNode }) {
  const forms = useRef(new Map<string, GuardedForm>());
  const [held, setHeld] = useState<HTMLAnchorElement | null>(null);
  const [saving, setSaving] = useState(false);
  const passing = useRef(false);
  const register = useCallback<Register>((id, form) => {
    if (form) forms.current.set(id, form);
    else forms.current.delete(id);
  }, []);
  const dirtyForms = () => [...forms.current.values()].filter((form) => form.dirty);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (passing.current || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.closest('[data-leave-guard]')) return;
      if (dirtyForms().length === 0) return;
      event.preventDefault();
      event.stopPropagation();
      setHeld(link);
    };
    const onUnload = (event: BeforeUnloadEvent) => {
      if (dirtyForms().length > 0) event.preventDefault();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, []);

  const go = (link: HTMLAnchorElement) => {
    setHeld(null);
    passing.current = true;
    link.click();
    passing.current = false;
  };
  const save = async () => {
    if (!held) return;
    setSaving(true);
    const results = await Promise.all(dirtyForms().map((form) => form.save()));
    setSaving(false);
    if (results.every(Boolean)) go(held);
    else setHeld(null);
  };
  const discard = () => {
    if (!held) return;
    for (const form of dirtyForms()) form.discard();
    go(held);
  };

  return (
    <LeaveGuardContext.Provider value={register}>
      <div data-leave-guard>{children}</div>
      <UnsavedChangesDialog
        open={held !== null}
        names={held ? dirtyForms().map((form) => form.name) : []}
        saving={saving}
        onSave={() => void save()}
        onDiscard={discard}
        onStay={() => setHeld(null)}
      />
    </LeaveGuardContext.Provider>
  );
}

/** Registers a form with the section's {@link LeaveGuard} while it is shown. */
export function useLeaveGuard(id: string, form: GuardedForm): void {
  const register = useContext(LeaveGuardContext);
  const latest = useRef(form);
  latest.current = form;
  const proxy = useMemo<GuardedForm>(
    () => ({
      get name() {
        return latest.current.name;
      },
      get dirty() {
        return latest.current.dirty;
      },
      save: () => latest.current.save(),
      discard: () => latest.current.discard(),
    }),
    [],
  );
  useEffect(() => {
    register(id, proxy);
    return () => register(id, null);
  }, [id, proxy, register]);
}
