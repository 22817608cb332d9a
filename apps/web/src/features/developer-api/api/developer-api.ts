import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/auth';
import type { ApiDocument } from '../utils/document';

export const apiInfoQuery = queryOptions({
  queryKey: ['developer', 'info'],
  queryFn: () => api.call('GET /api/info'),
});

/** The public reference: it changes only with a deploy. */
export const apiDocumentQuery = queryOptions({
  queryKey: ['developer', 'openapi'],
  queryFn: () => api.get<ApiDocument>('/openapi.json'),
  staleTime: Infinity,
});

/**
 * The whole key, known only in this tab right after POST generate-key (the server keeps a hash);
 * kept in the query cache so the snippets carry it until the page is reloaded.
 */
const freshKeyKey = ['developer', 'fresh-key'] as const;

export function useApiInfo() {
  return useQuery(apiInfoQuery);
}

export function useApiDocument() {
  return useQuery(apiDocumentQuery);
}

export function useFreshKey(): string | null {
  return (
    useQuery({ queryKey: freshKeyKey, queryFn: () => null as string | null, staleTime: Infinity, gcTime: Infinity })
      .data ?? null
  );
}

/** POST /api/user/generate-key: a new key; the old one stops at once. */
export function useGenerateKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('POST /user/generate-key'),
    onSuccess: ({ apiKey }) => {
      client.setQueryData(freshKeyKey, apiKey);
      return Promise.all([
        client.invalidateQueries({ queryKey: apiInfoQuery.queryKey }),
        client.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
      ]);
    },
  });
}

/** PUT /api/api/allowed-ips. */
export function useSetAllowedIps() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<'PUT /api/allowed-ips'>) => api.call('PUT /api/allowed-ips', { body }),
    onSuccess: ({ allowedIps }) => {
      client.setQueryData(apiInfoQuery.queryKey, (info) => info && { ...info, allowedIps });
    },
  });
}
