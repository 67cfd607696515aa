/** Spec 3 image component `priority`: high, low, or unset. */
export type ImagePriority = 'high' | 'low' | null;

/** The `<img>` attributes of one picture, for React. */
export interface ImageLoadingAttributes {
  readonly loading: 'eager' | 'lazy';
  readonly fetchPriority?: 'high' | 'low';
}

/** Spec 4: priority high loads eagerly with high fetch priority; low lazily with low priority; unset lazily. */
export function priorityAttributes(priority: ImagePriority = null): ImageLoadingAttributes {
  if (priority === 'high') return { loading: 'eager', fetchPriority: 'high' };
  if (priority === 'low') return { loading: 'lazy', fetchPriority: 'low' };
  return { loading: 'lazy' };
}

/**
 * `srcSet` and `sizes` for a picture the server gave a srcset (an uploaded image with stored
 * copies in the srcset widths), nothing for any other picture (an external URL stays a plain
 * `<img src>`).
 */
export function srcsetAttributes(srcset: string | undefined, sizes: string): { srcSet?: string; sizes?: string } {
  return srcset ? { srcSet: srcset, sizes } : {};
}
