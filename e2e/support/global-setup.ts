import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Builds the storefront islands once before any test runs, when the bundle is missing. */
export default function setup(): void {
  const manifest = join(root, 'packages', 'storefront', 'dist', '.vite', 'manifest.json');
  if (existsSync(manifest) && !process.env.EMPORIUM_REBUILD_ISLANDS) return;
  execFileSync('npm', ['run', 'build', '--workspace', '@emporium/storefront'], { cwd: root, stdio: 'inherit' });
}
