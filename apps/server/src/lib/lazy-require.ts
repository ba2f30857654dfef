import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A value made the first time it is asked for, then kept. */
export function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/**
 * A CommonJS package loaded the first time it is used, `setup` run once on it. Drivers, the S3 SDK, the job
 * queue and the SQL parser serve only some deployments or rare requests; loaded at start they kept ~30 MB of
 * heap in every server process (docs/benchmarks.md).
 */
export function lazyRequire<T>(id: string, setup?: (loaded: T) => void): () => T {
  return lazy(() => {
    const loaded = require(id) as T;
    setup?.(loaded);
    return loaded;
  });
}
