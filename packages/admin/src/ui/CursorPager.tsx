import { useState } from 'react';

/** Cursor paging over a server list: the current cursor and the controls' actions. */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return {
    cursor: cursors[cursors.length - 1],
    pageNumber: cursors.length,
    back: () => setCursors((list) => (list.length > 1 ? list.slice(0, -1) : list)),
    forward: (next: string | null | undefined) => {
      if (next) setCursors((list) => [...list, next]);
    },
    /** Back to the first page (after the filter changed). */
    reset: () => setCursors([undefined]),
  };
}

interface CursorPagerProps {
  readonly label: string;
  readonly pageNumber: number;
  readonly hasNext: boolean;
  readonly onBack: () => void;
  readonly onForward: () => void;
}

/** Newer/older buttons with the page number. */
export function CursorPager({ label, pageNumber, hasNext, onBack, onForward }: CursorPagerProps) {
  if (pageNumber === 1 && !hasNext) return null;
  return (
    <div className="pager" role="group" aria-label={label}>
      <button type="button" className="secondary" disabled={pageNumber === 1} onClick={onBack}>
        Newer
      </button>
      <span>Page {pageNumber}</span>
      <button type="button" className="secondary" disabled={!hasNext} onClick={onForward}>
        Older
      </button>
    </div>
  );
}
