import { describe, expect, it } from 'vitest';
import { POPUP_POSITIONS, popupDismissed, popupPlacement, recordPopupClosed, recordPopupSubmitted, type PopupStorage } from './popup-storage.js';

function memoryStorage(): PopupStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('popup overlay storage', () => {
  it('shows a popup never closed or submitted', () => {
    expect(popupDismissed(memoryStorage(), '1')).toBe(false);
  });

  it('stays closed for the same version once closed, using the spec key names', () => {
    const s = memoryStorage();
    recordPopupClosed(s, '3', 1_700_000_000_000);
    expect(Object.fromEntries(s.data)).toEqual({ 'date-closed': '1700000000000', version: '3', submitted: 'false' });
    expect(popupDismissed(s, '3')).toBe(true);
    expect(popupDismissed(s, '4')).toBe(false);
  });

  it('stays closed once submitted; a new version clears the old state', () => {
    const s = memoryStorage();
    recordPopupClosed(s, '1', 5);
    recordPopupSubmitted(s, '2');
    expect(Object.fromEntries(s.data)).toEqual({ 'date-closed': '', version: '2', submitted: 'true' });
    expect(popupDismissed(s, '2')).toBe(true);
    expect(popupDismissed(s, '1')).toBe(false);
  });

  it('places a box at each of the nine positions', () => {
    expect(POPUP_POSITIONS).toHaveLength(9);
    expect(popupPlacement('top-left')).toMatchObject({ top: 16, left: 16 });
    expect(popupPlacement('bottom-right', 8)).toMatchObject({ bottom: 8, right: 8 });
    expect(popupPlacement('center-center')).toMatchObject({ top: '50%', left: '50%', transform: 'translateY(-50%) translateX(-50%)' });
    expect(popupPlacement('top-center')).toMatchObject({ top: 16, left: '50%', transform: 'translateX(-50%)' });
    expect(popupPlacement('center-right')).toMatchObject({ top: '50%', right: 16, transform: 'translateY(-50%)' });
  });
});
