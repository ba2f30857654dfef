import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The shared contract is consumed from source so neither dev nor build needs `packages/shared` built first.
const shared = (file: string) => fileURLToPath(new URL(`../../packages/shared/src/${file}`, import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@district\/shared$/, replacement: shared('index.ts') },
      { find: /^@district\/shared\/schemas$/, replacement: shared('schemas.ts') },
    ],
  },
  server: {
    port: 3100,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  preview: { port: 3100 },
  build: {
    outDir: 'dist',
    sourcemap: false,
  },
});
