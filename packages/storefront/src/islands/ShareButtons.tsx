import { useState } from 'react';
import { SHARE_NETWORK_NAMES, shareNetworks, shareUrl, type ShareNetwork } from './content/share-links.js';

/** Props of {@link ShareButtons}. */
export interface ShareButtonsProps {
  /** Absolute URL of the page. */
  readonly url: string;
  readonly title: string;
  readonly imageUrl?: string;
  /** Networks to offer (the site's shareButtonOptions); all when empty. */
  readonly networks?: readonly ShareNetwork[];
}

/**
 * Share links (plain anchors to each network's share page; no third-party scripts) and a
 * copy-link button. Links opening a new window say so to assistive technology.
 */
export function ShareButtons({ url, title, imageUrl, networks }: ShareButtonsProps) {
  const [copied, setCopied] = useState<string>('');
  const target = { url, title, imageUrl };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Link copied');
    } catch {
      setCopied('Copy failed: select the address bar to copy the link');
    }
  };
  return (
    <nav className="content-share" aria-label="Share">
      <ul style={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 8, padding: 0, margin: 0 }}>
        {shareNetworks(networks).map((network) => {
          const href = shareUrl(network, target);
          if (!href) return null;
          const external = network !== 'email';
          return (
            <li key={network}>
              <a
                className={`content-share__link content-share__link--${network}`}
                href={href}
                {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {network === 'email' ? 'Email' : `Share on ${SHARE_NETWORK_NAMES[network]}`}
                {external && (
                  <span className="content-share__hint" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                    {' '}
                    (opens in a new window)
                  </span>
                )}
              </a>
            </li>
          );
        })}
        <li>
          <button type="button" className="content-share__copy" onClick={copy}>
            Copy link
          </button>
        </li>
      </ul>
      <span role="status" className="content-share__status">
        {copied}
      </span>
    </nav>
  );
}
