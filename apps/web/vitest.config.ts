import { fileURLToPath } from 'node:url';
import { sharedSourceAliases } from '../../packages/shared/source-aliases.mjs';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // '@/…' is apps/web/src (tsconfig.json `paths` says the same for the type checker and ESLint).
  resolve: {
    alias: [...sharedSourceAliases, { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }],
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // A guard against a hung test, not a speed target: page tests render antd forms and tables in jsdom, which on a
    // loaded two-core machine can take tens of seconds.
    testTimeout: 60_000,
  },
});
