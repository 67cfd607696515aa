import { clientAssetParts, STOREFRONT_ASSET_BASE, type ClientAssetParts, type ClientManifest } from '../manifest.js';

/** The analytics collector's key in the Vite manifest: its own entry, sharing no chunk with the islands. */
export const COLLECTOR_ENTRY = 'src/analytics/collector.ts';

/**
 * The page's storefront tags ({@link clientAssetParts}) followed by the analytics collector's
 * module script, which runs after parsing and never delays rendering. A build without the
 * collector gives the islands' tags alone.
 */
export function storefrontAssetParts(manifest: ClientManifest, base: string = STOREFRONT_ASSET_BASE): ClientAssetParts {
  const parts = clientAssetParts(manifest, base);
  const collector = manifest[COLLECTOR_ENTRY];
  if (!collector?.isEntry) return parts;
  return { ...parts, scripts: `${parts.scripts}\n<script type="module" src="${base}${collector.file}"></script>` };
}
