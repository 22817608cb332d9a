import { lazy, type ComponentType } from 'react';
import { CHUNK_RELOAD_GUARD_MS } from '@/config/constants';

const RELOAD_AT_KEY = 'chunkReloadAt';

/**
 * docs/screens.md#chunk-reload: a route chunk that fails to load (usually a new deploy removed it) forces one
 * page reload; a second failure within 60 s is shown as an error instead of a reload loop.
 */
export function reloadOnceForChunkError(error: unknown): Promise<never> {
  const last = Number(sessionStorage.getItem(RELOAD_AT_KEY) ?? 0);
  if (Date.now() - last > CHUNK_RELOAD_GUARD_MS) {
    sessionStorage.setItem(RELOAD_AT_KEY, String(Date.now()));
    window.location.reload();
    // The page is going away; never settle so nothing renders in between.
    return new Promise<never>(() => undefined);
  }
  return Promise.reject(error instanceof Error ? error : new Error(String(error)));
}

/**
 * A lazily loaded route page. React.lazy renders it; the loader starts the same download when
 * navigation begins, so the router's navigation state (and the top progress bar) covers it.
 */
export function lazyRoute(load: () => Promise<ComponentType>) {
  let pending: Promise<{ default: ComponentType }> | null = null;
  const preload = () => {
    pending ??= load().then(
      (Component) => ({ default: Component }),
      (error: unknown) => {
        pending = null;
        return reloadOnceForChunkError(error);
      },
    );
    return pending;
  };
  return {
    Component: lazy(preload),
    loader: async () => {
      await preload();
      return null;
    },
  };
}
