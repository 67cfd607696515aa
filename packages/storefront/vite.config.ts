import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const PACKAGE_DIR = /\/packages\/([a-z-]+)\/src\/index\.ts$/;

/** Names shared chunks after the workspace package they hold ("commerce", "forms"). */
function chunkName(chunk: { name: string; facadeModuleId: string | null; moduleIds: readonly string[] }): string {
  const owner = chunk.moduleIds.map((id) => PACKAGE_DIR.exec(id)?.[1]).find(Boolean);
  const name = chunk.name === 'src' || chunk.name === 'index' ? (owner ?? chunk.name) : chunk.name;
  return `assets/${name}-[hash].js`;
}

export default defineConfig({
  root: import.meta.dirname,
  base: '/assets/storefront/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
    rollupOptions: {
      // The analytics collector is an entry of its own: it imports nothing the islands import, so
      // the islands' chunks stay as they are and pages load it beside them.
      // The early-action capture is an entry too: the head loads it first, alone (decision 0035).
      input: ['src/client/main.ts', 'src/analytics/collector.ts', 'src/client/early-action-capture.ts'],
      output: { chunkFileNames: chunkName },
    },
  },
});
