/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { precompress } from './scripts/precompress';

const repoRoot = path.resolve(__dirname, '..');
const api = 'http://127.0.0.1:8080';

export default defineConfig({
  // Every compressible file of the build also as .br and .gz: the server sends the copy the browser accepts.
  plugins: [react(), precompress()],
  resolve: { alias: { '@': path.resolve(__dirname, 'src') } },
  server: {
    // The settings default copy is shared with the server: crates/kernel/src/settings/defaults.json.
    fs: { allow: [path.resolve(__dirname), path.join(repoRoot, 'crates/kernel/src/settings')] },
    proxy: {
      '/api': { target: api, changeOrigin: true },
      // The server admits a socket only from its own origin: the dev page's is rewritten to the target's.
      '/ws': { target: api, ws: true, changeOrigin: true, rewriteWsOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      // The server admits a socket only from its own origin: the dev page's is rewritten to the target's.
      '/ws': { target: api, ws: true, changeOrigin: true, rewriteWsOrigin: true },
    },
  },
  // Bundles under /_app: no route of the app (the spec's menus link to /assets) starts with an underscore.
  // The operator console is its own page (admin/index.html): a bundle users never load.
  build: {
    outDir: 'dist',
    assetsDir: '_app',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      input: { app: path.resolve(__dirname, 'index.html'), console: path.resolve(__dirname, 'admin/index.html') },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
