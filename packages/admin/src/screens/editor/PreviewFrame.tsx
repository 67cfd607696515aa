import { useEffect, useRef, useState } from 'react';
import { ErrorText } from '../../ui/ErrorText.js';
import { DEVICES, type DeviceId } from './devices.js';
import { previewLink } from './editor-calls.js';
import { frameNews, originOf, selectedMessage } from './preview-selection.js';

interface PreviewFrameProps {
  /** The page's address on the site. */
  readonly path: string;
  readonly pageTitle: string;
  readonly device: DeviceId;
  /** Changes whenever the preview should show the drafts again (after a save). */
  readonly reloadSignal: number;
  /** The block selected in the inspector (its index in the page's layout): outlined in the frame. */
  readonly selectedBlock?: number;
  /** A block was clicked or focused in the frame. */
  readonly onChooseBlock?: (index: number) => void;
  /** A block of a theme's shared area (header, footer, sidebar) was clicked or focused in the frame. */
  readonly onChooseShared?: (fieldId: string, index: number) => void;
}

/** A preview link is fetched again this long before it expires. */
const RENEW_BEFORE_MS = 60_000;

/**
 * The site itself, on its own origin, showing the drafts: the frame opens the preview link (a
 * short-lived token the site turns into its preview cookie), at the chosen device's width.
 */
export function PreviewFrame({ path, pageTitle, device, reloadSignal, selectedBlock, onChooseBlock, onChooseShared }: PreviewFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const link = useRef<{ url: string; expiresAt: string; path: string } | undefined>(undefined);
  const [error, setError] = useState<unknown>();
  const [loading, setLoading] = useState(true);
  const width = DEVICES.find((d) => d.id === device)?.width ?? null;
  const selection = useRef({ selectedBlock, onChooseBlock, onChooseShared });
  selection.current = { selectedBlock, onChooseBlock, onChooseShared };

  /** Tells the frame which block to outline, addressed to the site's origin only. */
  const showSelection = () => {
    const target = link.current && originOf(link.current.url);
    if (target) frame.current?.contentWindow?.postMessage(selectedMessage(selection.current.selectedBlock), target);
  };

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      const news = frameNews(event, frame.current?.contentWindow, link.current && originOf(link.current.url));
      if (news?.kind === 'ready') showSelection();
      else if (news?.kind === 'chosen') selection.current.onChooseBlock?.(news.index);
      else if (news?.kind === 'chosen-shared') selection.current.onChooseShared?.(news.fieldId, news.index);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);

  useEffect(showSelection, [selectedBlock]);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        let current = link.current;
        if (!current || current.path !== path || Date.parse(current.expiresAt) - Date.now() < RENEW_BEFORE_MS) {
          current = { ...(await previewLink(path)), path };
          link.current = current;
        }
        if (cancelled || !frame.current) return;
        setError(undefined);
        setLoading(true);
        // Set even when unchanged: assigning src loads the page again, with the newest drafts.
        frame.current.src = current.url;
      } catch (failure) {
        if (!cancelled) setError(failure);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [path, reloadSignal]);

  return (
    <div className="preview-stage">
      <ErrorText error={error} />
      <div className="preview-device" style={width ? { width: `${width}px` } : undefined} data-device={device}>
        <iframe ref={frame} title={`Preview of ${pageTitle}`} className="preview-frame" onLoad={() => setLoading(false)} />
        <p className="preview-loading" role="status">
          {loading ? 'Updating preview…' : ''}
        </p>
      </div>
    </div>
  );
}
