import { sharedSourceAliases } from '../../packages/shared/source-aliases.mjs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: sharedSourceAliases },
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
