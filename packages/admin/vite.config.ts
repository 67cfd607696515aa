import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The owner dashboard: one HTML entry under /config/, one chunk per screen. */
export default defineConfig({
  root: import.meta.dirname,
  base: '/config/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    assetsDir: 'assets',
    modulePreload: { polyfill: false },
  },
});
