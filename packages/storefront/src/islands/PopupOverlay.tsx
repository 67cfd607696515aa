import type { Form, PageFields } from '@emporium/forms';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { FormBlock } from './FormBlock.js';
import { popupDismissed, popupPlacement, recordPopupClosed, recordPopupSubmitted, type PopupPosition, type PopupStorage } from './content/popup-storage.js';

/** Props of {@link PopupOverlay}. */
export interface PopupOverlayProps {
  /** Owner-set version; raising it shows the popup again to visitors who closed it. */
  readonly version: string;
  readonly position: PopupPosition;
  readonly title: string;
  readonly text?: string;
  /** The newsletter form shown in the popup. */
  readonly form: Form;
  readonly page: PageFields;
}

/** Text of the close button's accessible name. */
export const POPUP_CLOSE_LABEL = 'Close';

function browserStorage(): PopupStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The popup overlay (page type 104): a newsletter sign-up box at one of nine positions,
 * shown after hydration unless this version was closed or submitted (local-storage keys
 * `date-closed`, `version`, `submitted`). Closed by its button or Escape. Renders nothing on
 * the server.
 */
export function PopupOverlay({ version, position, title, text, form, page }: PopupOverlayProps) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const storage = browserStorage();
    if (storage && !popupDismissed(storage, version)) setOpen(true);
  }, [version]);

  const close = useCallback(() => {
    const storage = browserStorage();
    if (storage) recordPopupClosed(storage, version, Date.now());
    setOpen(false);
  }, [version]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  const submitted = useCallback(() => {
    const storage = browserStorage();
    if (storage) recordPopupSubmitted(storage, version);
  }, [version]);

  if (!open) return null;
  return (
    <div
      className={`popup-overlay popup-overlay--${position}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-page-type="104"
      style={{ ...popupPlacement(position), maxWidth: 'min(24rem, calc(100vw - 32px))' }}
    >
      <button ref={closeRef} type="button" className="popup-overlay__close" aria-label={POPUP_CLOSE_LABEL} onClick={close}>
        <span aria-hidden="true">×</span>
      </button>
      <h2 id={titleId} className="popup-overlay__title">
        {title}
      </h2>
      {text && <p className="popup-overlay__text">{text}</p>}
      <FormBlock form={form} page={page} onSubmitted={submitted} />
    </div>
  );
}
