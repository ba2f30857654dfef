import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@district/shared';

export type LazyPage = LazyExoticComponent<ComponentType>;

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

/** A lazily loaded page taken from a named export, so page modules need no default export. */
export function lazyPage<M>(loader: () => Promise<M>, exportName: keyof M): LazyPage {
  return lazy(withChunkTimeout(() => loader().then((module) => ({ default: module[exportName] as ComponentType }))));
}
