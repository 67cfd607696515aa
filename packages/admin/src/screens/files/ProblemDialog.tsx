import { useEffect, useId, useRef } from 'react';

interface ProblemDialogProps {
  /** The problem to tell, or null when there is none. */
  readonly problem: { readonly title: string; readonly text: string; readonly detail?: string } | null;
  readonly onClose: () => void;
}

/** A modal notice of a failed upload or rename (spec 8's titles and texts), closed with OK or Escape. */
export function ProblemDialog({ problem, onClose }: ProblemDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (problem && !dialog.open) dialog.showModal();
    if (!problem && dialog.open) dialog.close();
  }, [problem]);
  return (
    <dialog
      ref={ref}
      className="editor-dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {problem && (
        <div className="stack">
          <h2 id={titleId}>{problem.title}</h2>
          <div id={textId}>
            <p>{problem.text}</p>
            {problem.detail && <p className="hint">{problem.detail}</p>}
          </div>
          <button type="button" onClick={onClose} autoFocus>
            OK
          </button>
        </div>
      )}
    </dialog>
  );
}
