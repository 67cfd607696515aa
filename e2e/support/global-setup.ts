import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Builds a workspace's browser bundle when `builtFile` is missing or a rebuild is asked for. */
function buildWhenMissing(workspace: string, builtFile: string): void {
  if (existsSync(join(root, builtFile)) && !process.env.EMPORIUM_REBUILD_ISLANDS) return;
  execFileSync('npm', ['run', 'build', '--workspace', workspace], { cwd: root, stdio: 'inherit' });
}

/** Builds the storefront islands and the owner dashboard once before any test runs, when missing. */
export default function setup(): void {
  buildWhenMissing('@emporium/storefront', join('packages', 'storefront', 'dist', '.vite', 'manifest.json'));
  buildWhenMissing('@emporium/admin', join('packages', 'admin', 'dist', 'index.html'));
}
