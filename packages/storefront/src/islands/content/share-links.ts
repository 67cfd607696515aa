/** Networks the share buttons offer: plain links, no third-party scripts. */
export const SHARE_NETWORKS = ['facebook', 'x', 'linkedin', 'pinterest', 'email'] as const;
/** One of {@link SHARE_NETWORKS}. */
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

/** Visible names of the networks. */
export const SHARE_NETWORK_NAMES: Readonly<Record<ShareNetwork, string>> = Object.freeze({
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  email: 'Email',
});

/** What is shared. */
export interface ShareTarget {
  /** Absolute URL of the page. */
  url: string;
  title: string;
  /** Absolute image URL (Pinterest). */
  imageUrl?: string;
}

const q = encodeURIComponent;

/** The share URL of one network; null for Pinterest without an image. */
export function shareUrl(network: ShareNetwork, target: ShareTarget): string | null {
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${q(target.url)}`;
    case 'x':
      return `https://twitter.com/intent/tweet?url=${q(target.url)}&text=${q(target.title)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${q(target.url)}`;
    case 'pinterest':
      return target.imageUrl
        ? `https://www.pinterest.com/pin/create/button/?url=${q(target.url)}&media=${q(target.imageUrl)}&description=${q(target.title)}`
        : null;
    case 'email':
      return `mailto:?subject=${q(target.title)}&body=${q(target.url)}`;
  }
}

/** Networks from owner settings (unknown names dropped, order kept, no duplicates); all when none is valid. */
export function shareNetworks(value: unknown): ShareNetwork[] {
  const list = Array.isArray(value) ? value.filter((n): n is ShareNetwork => SHARE_NETWORKS.includes(n as ShareNetwork)) : [];
  const unique = [...new Set(list)];
  return unique.length ? unique : [...SHARE_NETWORKS];
}
