import { describe, expect, it } from 'vitest';
import { shortcutOf } from './shortcuts.js';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('editor shortcuts', () => {
  it.each([
    ['Ctrl+Z', press('z', { ctrlKey: true }), 'undo'],
    ['Cmd+Z', press('z', { metaKey: true }), 'undo'],
    ['Shift+Ctrl+Z', press('Z', { ctrlKey: true, shiftKey: true }), 'redo'],
    ['Shift+Cmd+Z', press('Z', { metaKey: true, shiftKey: true }), 'redo'],
    ['Ctrl+Y', press('y', { ctrlKey: true }), 'redo'],
    ['Z alone', press('z'), undefined],
    ['Alt+Ctrl+Z', press('z', { ctrlKey: true, altKey: true }), undefined],
    ['Ctrl+S', press('s', { ctrlKey: true }), undefined],
  ])('%s', (_name, key, action) => {
    expect(shortcutOf(key)).toBe(action);
  });
});
