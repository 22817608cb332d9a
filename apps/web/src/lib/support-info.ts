import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { siteQueryKey } from './query-client';

/** GET /api/support/support-info: the site's support channels, hours and note. */
export const supportInfoQueryOptions = queryOptions({
  queryKey: siteQueryKey('support'),
  queryFn: () => api.call('GET /support/support-info'),
  staleTime: 5 * 60_000,
  meta: { silentError: true },
});

export function useSupportInfo() {
  return useQuery(supportInfoQueryOptions);
}

export { channelHref, channelLink, hasUsableChannel } from './support-links';
