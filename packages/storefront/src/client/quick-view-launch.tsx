import { createRoot } from 'react-dom/client';
import { QuickViewLoader } from '../components/QuickViewLoader.js';

/** Opens a quick view dialog for `url` in a new root; closing it removes the root and refocuses `button`. */
export function openQuickView(button: HTMLElement, url: string, title: string): void {
  const host = document.createElement('div');
  host.className = 'quick-view-host';
  document.body.append(host);
  const root = createRoot(host);
  const close = () => {
    root.unmount();
    host.remove();
    button.focus();
  };
  root.render(<QuickViewLoader url={url} title={title} onClose={close} />);
}
