import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded the first time it is used. Drivers, the S3 SDK, the job queue and the SQL parser
 * serve only some deployments or rare requests; loaded at start they kept ~30 MB of heap in every server
 * process (docs/benchmarks.md).
 */
export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(id) as T);
}
