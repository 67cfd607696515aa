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
      input: 'src/client/main.ts',
      output: { chunkFileNames: chunkName },
    },
  },
});
