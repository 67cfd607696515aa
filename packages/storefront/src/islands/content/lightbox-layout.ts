/** Spec 9: the lightbox re-measures 100 ms after the last window resize. */
export const LIGHTBOX_RESIZE_DELAY_MS = 100;
/** Spec 9: content taller than the window keeps a 50 px margin. */
export const LIGHTBOX_CONTENT_MARGIN_PX = 50;
/** Lightbox colour themes (gallery option lightboxTheme). */
export const LIGHTBOX_THEMES = ['dark', 'light'] as const;
/** One of {@link LIGHTBOX_THEMES}. */
export type LightboxTheme = (typeof LIGHTBOX_THEMES)[number];

/** A width and height in CSS pixels. */
export interface Size {
  width: number;
  height: number;
}

/** Where the lightbox shows its content. */
export interface LightboxBox extends Size {
  /** Margin kept around the content: 50 px when it was taller than the window, else 0. */
  margin: number;
}

/**
 * Fits content in the window. Content taller than the window is scaled (aspect kept) to the
 * window height less a {@link LIGHTBOX_CONTENT_MARGIN_PX} margin above and below; content
 * wider than the window is scaled to its width; smaller content keeps its size.
 */
export function lightboxContentBox(content: Size, viewport: Size): LightboxBox {
  if (content.width <= 0 || content.height <= 0) return { width: 0, height: 0, margin: 0 };
  const taller = content.height > viewport.height;
  const margin = taller ? LIGHTBOX_CONTENT_MARGIN_PX : 0;
  const maxHeight = Math.max(0, viewport.height - 2 * margin);
  const maxWidth = Math.max(0, viewport.width - 2 * margin);
  const scale = Math.min(1, maxHeight / content.height, maxWidth / content.width);
  return { width: Math.round(content.width * scale), height: Math.round(content.height * scale), margin };
}

/** What a key press does in an open lightbox. */
export type LightboxKeyAction = 'close' | 'next' | 'previous' | null;

/** Escape closes; the arrow keys move to the next or previous slide. */
export function lightboxKeyAction(key: string): LightboxKeyAction {
  if (key === 'Escape' || key === 'Esc') return 'close';
  if (key === 'ArrowRight' || key === 'Right') return 'next';
  if (key === 'ArrowLeft' || key === 'Left') return 'previous';
  return null;
}

/** The index after moving `step` slides from `index` among `count`, wrapping around. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** The theme to use: the given one when valid, else dark. */
export function lightboxTheme(value: unknown): LightboxTheme {
  return value === 'light' ? 'light' : 'dark';
}

/**
 * Calls `fn` once `delay` ms have passed without another call (the lightbox's resize
 * handling). Returns the debounced function and a cancel function.
 */
export function debounce(fn: () => void, delay: number = LIGHTBOX_RESIZE_DELAY_MS): { run: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    run: () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        fn();
      }, delay);
    },
    cancel: () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
