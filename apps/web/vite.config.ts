import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The shared contract is consumed from source so neither dev nor build needs `packages/shared` built first.
const sharedEntry = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@district/shared': sharedEntry } },
  server: {
    port: 3100,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  preview: { port: 3100 },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // The shared contract builds its zod schemas at module top level, so zod would ride along with any
        // page that only needs a constant (the login page). Those calls are pure, and so are reads of the
        // frozen message objects they use: saying so lets unused schemas, and zod with them, drop out.
        manualPureFunctions: ['z', 'zodString', 'RULES'],
        propertyReadSideEffects: false,
      },
    },
  },
});
