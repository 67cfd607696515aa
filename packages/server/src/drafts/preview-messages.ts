/**
 * The messages the editor's preview frame and the dashboard exchange (decision 0050, the
 * preview's block selection). Each side checks the other's origin and window before reading one.
 */
export const PreviewMessage = Object.freeze({
  /** Frame to dashboard: the preview page has loaded and can show a selection. */
  READY: 'emporium:preview-ready',
  /** Frame to dashboard: the visitor clicked or focused the block `blockId`. */
  CHOSEN: 'emporium:preview-block',
  /** Dashboard to frame: outline the block `blockId` (null: none) and scroll it into view. */
  SELECTED: 'emporium:preview-selected',
});

/** The attribute that names a page block in a preview render: its position in the page's layout, from 0. */
export const PREVIEW_BLOCK_ATTRIBUTE = 'data-block-id';
