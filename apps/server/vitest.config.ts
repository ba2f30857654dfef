import { sharedSourceAliases } from '../../packages/shared/source-aliases.mjs';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: sharedSourceAliases },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: argon2 and three database servers compete for them.
    maxWorkers: 2,
  },
});
