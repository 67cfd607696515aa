/** What an editor key press asks for: undo, redo, or nothing. */
export type ShortcutAction = 'undo' | 'redo' | undefined;

interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

/** Ctrl/Cmd+Z undoes; Shift+Ctrl/Cmd+Z and Ctrl+Y redo. */
export function shortcutOf(press: KeyPress): ShortcutAction {
  if (!(press.ctrlKey || press.metaKey) || press.altKey) return undefined;
  const key = press.key.toLowerCase();
  if (key === 'z') return press.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && press.ctrlKey && !press.shiftKey) return 'redo';
  return undefined;
}
