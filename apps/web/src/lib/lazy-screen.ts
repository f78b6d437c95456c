/**
 * Code that loads on first use (each section's screens, the map): a load that fails, or has not
 * finished after 120 s, is a ChunkLoadError, which the route's error page answers with a reload
 * (after an update the old code's files are gone, and a hung request would otherwise spin forever).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@flare/core/constants';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** `load()`, failing with a ChunkLoadError when it fails or takes longer than the timeout. */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading the page's code took over ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`)),
      CHUNK_LOAD_TIMEOUT_MS,
    );
    load().then(
      (loaded) => {
        clearTimeout(timer);
        resolve(loaded);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error), { cause: error }));
      },
    );
  });
}

/** A component exported as `name` by the module `load` imports, loaded on first render. */
export function lazyScreen<
  Name extends string,
  // React.lazy's own constraint: a component of any props.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  Module extends Record<Name, ComponentType<any>>,
>(load: () => Promise<Module>, name: Name): LazyExoticComponent<Module[Name]> {
  return lazy(() => loadChunk(load).then((module) => ({ default: module[name] })));
}
