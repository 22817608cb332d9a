import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { siteQueryKey } from '@/lib/query-client';

/** The content CMS calls (docs/wire-contract.md#site-content); the public caches are refreshed after each save. */
const landingKey = siteQueryKey('landing');
const supportKey = siteQueryKey('support');
const downloadsKey = siteQueryKey('downloads');
const tutorialsAdminKey = ['admin', 'tutorials'] as const;

export function useAdminLanding() {
  return useQuery({ queryKey: landingKey, queryFn: () => api.call('GET /landing/detail') });
}

export function useUpdateLanding() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: CallBody<'PUT /landing/update/:id'> }) =>
      api.call('PUT /landing/update/:id', { params: { id }, body: patch }),
    onSuccess: (landing) => qc.setQueryData(landingKey, landing),
  });
}

export function useAdminSupport() {
  return useQuery({ queryKey: supportKey, queryFn: () => api.call('GET /support/support-info') });
}

export function useSaveSupport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (info: CallBody<'POST /support/admin/add-support'>) =>
      api.call('POST /support/admin/add-support', { body: info }),
    onSuccess: (info) => qc.setQueryData(supportKey, info),
  });
}

export function useAdminDownloads() {
  return useQuery({ queryKey: downloadsKey, queryFn: () => api.call('GET /tools/downloads') });
}

export function useSaveDownloads() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: CallBody<'PUT /tools/admin/downloads'>) => api.call('PUT /tools/admin/downloads', { body: d }),
    onSuccess: (d) => qc.setQueryData(downloadsKey, d),
  });
}

export function useAdminTutorials() {
  return useQuery({ queryKey: tutorialsAdminKey, queryFn: () => api.call('GET /tutorial/admin/list') });
}

export function useSaveTutorial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CallBody<'POST /tutorial/admin/create'> }) =>
      id
        ? api.call('PUT /tutorial/admin/update/:id', { params: { id }, body: input })
        : api.call('POST /tutorial/admin/create', { body: input }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: tutorialsAdminKey });
      await qc.invalidateQueries({ queryKey: siteQueryKey('tutorials') });
    },
  });
}

export function useDeleteTutorial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call('DELETE /tutorial/admin/delete/:id', { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tutorialsAdminKey }),
  });
}
