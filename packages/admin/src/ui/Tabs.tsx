import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** One tab: its label and its panel. */
export interface Tab {
  readonly id: string;
  readonly label: string;
  readonly panel: ReactNode;
}

/**
 * Tabs after the WAI-ARIA pattern: arrow keys, Home and End move between tabs; only the
 * selected tab is in the tab order. Every panel stays mounted (hidden), so unsaved input
 * on one tab survives a visit to another. A screen may choose the tab (`selected` and `onSelect`).
 */
export function Tabs({
  label,
  tabs,
  selected: chosen,
  onSelect,
}: {
  readonly label: string;
  readonly tabs: readonly Tab[];
  /** The selected tab, when the screen chooses it (with `onSelect`); else the tabs keep their own. */
  readonly selected?: string;
  readonly onSelect?: (id: string) => void;
}) {
  const [own, setOwn] = useState(tabs[0]?.id ?? '');
  const selected = chosen ?? own;
  const setSelected = (id: string) => {
    setOwn(id);
    onSelect?.(id);
  };
  const base = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const tab = tabs[next]!;
    setSelected(tab.id);
    refs.current.get(tab.id)?.focus();
  };
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} onKeyDown={move}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(node) => {
              if (node) refs.current.set(tab.id, node);
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => setSelected(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div key={tab.id} role="tabpanel" id={`${base}-panel-${tab.id}`} aria-labelledby={`${base}-tab-${tab.id}`} hidden={tab.id !== selected} tabIndex={0}>
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
