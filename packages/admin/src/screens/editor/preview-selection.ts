import { PreviewMessage } from '@emporium/server/drafts/preview-messages';

/** What the preview frame told the dashboard, once its origin and window are checked: ready, or a block chosen (its index in the layout). */
export type FrameNews =
  | { readonly kind: 'ready' }
  | { readonly kind: 'chosen'; readonly index: number }
  /** A block of a theme's shared area (header, footer, sidebar): the area's id and the block's place in it. */
  | { readonly kind: 'chosen-shared'; readonly fieldId: string; readonly index: number };

const SHARED_BLOCK = /^f:([A-Za-z0-9_-]{1,64}):(\d{1,3})$/;

/** The frame's message of `event`, or undefined unless it comes from `frame` on `siteOrigin` and is one the frame sends. */
export function frameNews(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  frame: Window | null | undefined,
  siteOrigin: string | undefined,
): FrameNews | undefined {
  if (!frame || !siteOrigin || event.source !== frame || event.origin !== siteOrigin) return undefined;
  const data = event.data as { type?: unknown; blockId?: unknown } | null;
  if (!data || typeof data !== 'object') return undefined;
  if (data.type === PreviewMessage.READY) return { kind: 'ready' };
  if (data.type !== PreviewMessage.CHOSEN || typeof data.blockId !== 'string') return undefined;
  const shared = SHARED_BLOCK.exec(data.blockId);
  if (shared) return { kind: 'chosen-shared', fieldId: shared[1]!, index: Number(shared[2]) };
  if (!/^\d{1,3}$/.test(data.blockId)) return undefined;
  return { kind: 'chosen', index: Number(data.blockId) };
}

/** The message that outlines block `index` in the frame (none when undefined). */
export function selectedMessage(index: number | undefined): { type: string; blockId: string | null } {
  return { type: PreviewMessage.SELECTED, blockId: index === undefined ? null : String(index) };
}

/** The origin of a preview link (where the frame's page lives), or undefined when it is no address. */
export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
