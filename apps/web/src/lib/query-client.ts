import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { onSessionEnd } from './end-session';
import { handleApiError } from './error-handler';

declare module '@tanstack/react-query' {
  interface Register {
    /** silentError: the caller handles the failure itself (docs/screens.md#error-messages: silent failures). */
    queryMeta: { silentError?: boolean };
    mutationMeta: { silentError?: boolean };
  }
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.silentError) {
        handleApiError(error);
      }
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (!mutation.meta?.silentError) {
        handleApiError(error);
      }
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A client error will not change on retry; a network blip may.
      retry: (failureCount, error) => error instanceof ApiError && error.status === 0 && failureCount < 2,
    },
  },
});

/** Queries about the serving host (site info) rather than the user; they survive a logout. */
const SITE_SCOPE = 'site';

export function siteQueryKey<const T extends string[]>(...parts: T): [typeof SITE_SCOPE, ...T] {
  return [SITE_SCOPE, ...parts];
}

/** Drops every cached query and mutation of the user who is leaving. */
function clearUserData(): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SITE_SCOPE });
  queryClient.getMutationCache().clear();
}

onSessionEnd(clearUserData);
