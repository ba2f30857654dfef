import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@district/shared';

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Loads the chunk so that the page's next render has it at once (used before hydrating prerendered markup). */
  preload?: () => Promise<void>;
};

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Fails a chunk import that has not settled within the limit instead of leaving the page spinning. */
export function withChunkTimeout<T>(loader: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ChunkLoadError(`Loading chunk failed: no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      loader().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new ChunkLoadError(String(error)));
        },
      );
    });
}

/** A thenable that has already settled: React's lazy reads its value in the same render instead of suspending. */
function settled<T>(value: T): Promise<T> {
  return { then: (resolve: (v: T) => void) => resolve(value) } as unknown as Promise<T>;
}

/** A lazily loaded page taken from a named export, so page modules need no default export. */
export function lazyPage<M>(loader: () => Promise<M>, exportName: keyof M): LazyPage {
  let loaded: { default: ComponentType } | null = null;
  const load = withChunkTimeout(() =>
    loader().then((module) => (loaded = { default: module[exportName] as ComponentType })),
  );
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : load())),
    { preload: () => load().then(() => undefined) },
  );
}
