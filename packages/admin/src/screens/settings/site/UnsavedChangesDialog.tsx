import { useEffect, useId, useRef } from 'react';

interface UnsavedChangesDialogProps {
  readonly open: boolean;
  /** The forms with unsaved edits. */
  readonly names: readonly string[];
  readonly saving: boolean;
  readonly onSave: () => void;
  readonly onDiscard: () => void;
  readonly onStay: () => void;
}

/** Spec 8's unsaved-changes prompt: save or discard before leaving (or stay); Escape stays. */
export function UnsavedChangesDialog({ open, names, saving, onSave, onDiscard, onStay }: UnsavedChangesDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="editor-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onStay();
      }}
    >
      <div className="stack">
        <h2 id={titleId}>Save your changes?</h2>
        <p>You have unsaved changes in {names.join(', ') || 'this section'}. Save them before leaving, or discard them.</p>
        <div className="actions">
          <button type="button" onClick={onSave} disabled={saving}>
            {saving ? 'Saving…' : 'Save changes'}
          </button>
          <button type="button" className="danger" onClick={onDiscard} disabled={saving}>
            Discard changes
          </button>
          <button type="button" className="secondary" onClick={onStay} disabled={saving}>
            Stay here
          </button>
        </div>
      </div>
    </dialog>
  );
}
