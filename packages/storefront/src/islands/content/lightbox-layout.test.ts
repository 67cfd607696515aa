import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LIGHTBOX_CONTENT_MARGIN_PX,
  LIGHTBOX_RESIZE_DELAY_MS,
  debounce,
  lightboxContentBox,
  lightboxKeyAction,
  lightboxTheme,
  wrapIndex,
} from './lightbox-layout.js';

describe('lightbox constants (spec 9)', () => {
  it('re-measures 100 ms after a resize and keeps a 50 px margin', () => {
    expect(LIGHTBOX_RESIZE_DELAY_MS).toBe(100);
    expect(LIGHTBOX_CONTENT_MARGIN_PX).toBe(50);
  });
});

describe('lightboxContentBox', () => {
  it('keeps 50 px above and below content taller than the window, keeping its aspect', () => {
    expect(lightboxContentBox({ width: 1000, height: 2000 }, { width: 1280, height: 800 })).toEqual({ width: 350, height: 700, margin: 50 });
  });

  it('leaves content that fits at its size, without margin', () => {
    expect(lightboxContentBox({ width: 600, height: 400 }, { width: 1280, height: 800 })).toEqual({ width: 600, height: 400, margin: 0 });
  });

  it('scales content wider than the window to its width', () => {
    expect(lightboxContentBox({ width: 2000, height: 500 }, { width: 1000, height: 800 })).toEqual({ width: 1000, height: 250, margin: 0 });
  });

  it('returns an empty box for content without size', () => {
    expect(lightboxContentBox({ width: 0, height: 10 }, { width: 100, height: 100 })).toEqual({ width: 0, height: 0, margin: 0 });
  });
});

describe('lightbox keys and navigation', () => {
  it.each([
    ['Escape', 'close'],
    ['ArrowRight', 'next'],
    ['ArrowLeft', 'previous'],
    ['Enter', null],
  ])('%s -> %s', (key, action) => expect(lightboxKeyAction(key)).toBe(action));

  it('wraps around at both ends', () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });

  it('uses dark unless light is asked for', () => {
    expect(lightboxTheme('light')).toBe('light');
    expect(lightboxTheme('blue')).toBe('dark');
    expect(lightboxTheme(undefined)).toBe('dark');
  });
});

describe('debounce (resize handling)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once, 100 ms after the last call', () => {
    const fn = vi.fn();
    const d = debounce(fn);
    d.run();
    vi.advanceTimersByTime(60);
    d.run();
    vi.advanceTimersByTime(99);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled', () => {
    const fn = vi.fn();
    const d = debounce(fn, 100);
    d.run();
    d.cancel();
    vi.advanceTimersByTime(200);
    expect(fn).not.toHaveBeenCalled();
  });
});
