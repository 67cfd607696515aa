import { srcsetOfAssetUrl } from '../../media/index.js';
import { blockKindOf } from '../../block-kinds/index.js';
import { CHART_HEIGHT, CHART_WIDTH, chartShape } from './chart-svg.js';
import { markdownHtml } from './markdown.js';

type Block = Readonly<Record<string, unknown>>;

/** Social networks by their host, for the links' names; any other host is named by itself. */
const NETWORKS: Readonly<Record<string, string>> = Object.freeze({
  'instagram.com': 'Instagram',
  'facebook.com': 'Facebook',
  'x.com': 'X',
  'twitter.com': 'X',
  'youtube.com': 'YouTube',
  'tiktok.com': 'TikTok',
  'pinterest.com': 'Pinterest',
  'linkedin.com': 'LinkedIn',
  'vimeo.com': 'Vimeo',
  'github.com': 'GitHub',
  'mastodon.social': 'Mastodon',
  'bsky.app': 'Bluesky',
  'threads.net': 'Threads',
  'soundcloud.com': 'SoundCloud',
  'spotify.com': 'Spotify',
});

/** The host of an address without `www.` ('' when it is not one). */
function hostOf(url: unknown): string {
  try {
    return new URL(String(url)).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

function networkName(url: unknown): string {
  const host = hostOf(url);
  const known = Object.entries(NETWORKS).find(([domain]) => host === domain || host.endsWith(`.${domain}`));
  return known ? known[1] : host;
}

const string = (value: unknown) => (typeof value === 'string' ? value : '');
const number = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

function imageFields(block: Block): Record<string, unknown> {
  const focal = block.focalPoint as { x?: unknown; y?: unknown } | undefined;
  const x = number(focal?.x, 0.5);
  const y = number(focal?.y, 0.5);
  const srcset = block.loader === 'raw' ? string(block.srcset) : (srcsetOfAssetUrl(string(block.assetUrl)) ?? '');
  return {
    srcset,
    sizes: string(block.sizes) || '100vw',
    objectPosition: x === 0.5 && y === 0.5 ? '' : `${Math.round(x * 100)}% ${Math.round(y * 100)}%`,
    loading: block.priority === 'high' ? 'eager' : 'lazy',
    fetchPriority: block.priority === 'high' || block.priority === 'low' ? block.priority : '',
  };
}

/** Spec 3's aspect ratios as CSS `aspect-ratio` values. */
const CSS_ASPECT: Readonly<Record<string, string>> = Object.freeze({
  square: '1 / 1',
  standard: '3 / 2',
  'standard-vertical': '2 / 3',
  'four-three': '4 / 3',
  'three-four-vertical': '3 / 4',
  widescreen: '16 / 9',
  'anamorphic-widescreen': '2.4 / 1',
});

/** A gallery's pictures as the template draws them without the Gallery island: srcset and size of each, the crop and columns. */
function galleryFields(block: Block): Record<string, unknown> {
  const images = (Array.isArray(block.images) ? block.images : []).map((image: Record<string, unknown>) => {
    const [width, height] = /^\d+x\d+$/.test(string(image.originalSize)) ? string(image.originalSize).split('x').map(Number) : [800, 800];
    return { ...image, srcset: srcsetOfAssetUrl(string(image.assetUrl)) ?? '', width, height };
  });
  return {
    images,
    aspect: block.autoCrop === false ? '' : (CSS_ASPECT[string(block.aspectRatio)] ?? '1 / 1'),
    perRow: Math.min(10, Math.max(1, Math.round(number(block.thumbnailsPerRow, 4)))),
    gap: Math.min(50, Math.max(0, Math.round(number(block.padding, 20)))),
  };
}

function chartFields(block: Block): Record<string, unknown> {
  const data = Array.isArray(block.data) ? (block.data as string[][]) : [];
  const kind = block.chartType === 'line' || block.chartType === 'pie' ? block.chartType : 'bar';
  const [header = [], ...rows] = data;
  return {
    chartType: kind,
    chart: {
      ...chartShape(kind, data),
      width: CHART_WIDTH,
      height: CHART_HEIGHT,
      header,
      rows: rows.map((cells) => ({ label: cells[0] ?? '', cells: cells.slice(1) })),
    },
  };
}

/**
 * What a block's template needs beyond its stored fields: the spec's block-type number, an
 * image's srcset by the spec's widths and focal point, a Markdown block's HTML, a chart's
 * shapes, a map's link, the names of social links and outside hosts. Kinds the editor does
 * not know get nothing.
 */
export function blockRenderFields(block: Block): Record<string, unknown> {
  const kind = blockKindOf(block.typeName);
  if (!kind) return {};
  const base = { type: kind.type };
  switch (block.typeName) {
    case 'image':
      return { ...base, ...imageFields(block) };
    case 'markdown':
      return { ...base, html: markdownHtml(string(block.markdown)) };
    case 'gallery':
      return { ...base, ...galleryFields(block) };
    case 'chart':
      return { ...base, ...chartFields(block) };
    case 'map':
      return { ...base, mapUrl: `https://www.openstreetmap.org/search?query=${encodeURIComponent(string(block.address))}` };
    case 'social-links':
      return {
        ...base,
        links: (Array.isArray(block.links) ? block.links : []).map((link: { url?: unknown }) => ({ url: string(link.url), name: networkName(link.url) })),
      };
    case 'video':
    case 'embed':
      return { ...base, host: string(block.providerName) || hostOf(block.url) };
    case 'spacer':
      return { ...base, height: Math.min(400, Math.max(8, Math.round(number(block.height, 48)))) };
    case 'accordion':
      return { ...base, items: (Array.isArray(block.items) ? block.items : []).map((item, i) => ({ ...item, open: i === 0 && block.openFirst === true })) };
    default:
      return base;
  }
}
