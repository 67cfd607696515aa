import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { nextTrappedFocus } from '../lib/focus-trap.js';

/** Props of {@link Modal}. */
interface ModalProps {
  readonly labelId: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
}

/**
 * A modal dialog: closes on its close button, Escape or a click outside; keeps focus inside while
 * open and returns it to the element focused before opening.
 */
export function Modal({ labelId, onClose, children }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    dialog?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
        return;
      }
      if (e.key !== 'Tab' || !dialog) return;
      const target = nextTrappedFocus(dialog, document.activeElement, e.shiftKey);
      if (target) {
        e.preventDefault();
        target.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [onClose]);
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={dialogRef} className="modal" role="dialog" aria-modal="true" aria-labelledby={labelId} tabIndex={-1}>
        {children}
        <button type="button" className="modal__close" aria-label="Close" data-autofocus onClick={onClose}>
          ×
        </button>
      </div>
    </div>
  );
}
