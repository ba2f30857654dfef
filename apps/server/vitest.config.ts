import { sharedSourceAliases } from '../../packages/shared/source-aliases.mjs';
import { defineConfig } from 'vitest/config';

// A database server may drop a pooled connection while a test app shuts down and its database is
// dropped; that is teardown noise, not a defect. Anything else stays a failure, printed in full.
const TEARDOWN_CODES = new Set(['ECONNRESET', 'EPIPE', '57P01', 'PROTOCOL_CONNECTION_LOST']);

export default defineConfig({
  resolve: { alias: sharedSourceAliases },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: argon2 and three database servers compete for them.
    maxWorkers: 2,
    onUnhandledError(error) {
      const code = (error as { code?: unknown }).code;
      console.error('unhandled error during the tests:', error.name, error.message, code ?? '', error.stack ?? '');
      if (typeof code === 'string' && TEARDOWN_CODES.has(code)) return false;
    },
  },
});
